// Context: page agent. One change report per frame for every remixlet on the page: each keep's watch
// (ops/watch.ts) reports on its own at the frame's animation callback, and this joins the reports of one
// frame into one message on the events stream, which the worker fans out to each remixlet's sandbox
// (worker/pages/pages.ts). With three keeps on a page that changes every frame, that is one message a frame
// instead of three (bench/page-cost.bench.ts). A report goes at once when every watching remixlet has
// reported; otherwise after the current task (a message-channel task, which hidden tabs do not throttle),
// so a watch that did not report this frame delays the others by that task at most.
// Trusts nothing: it only groups ids the page agent's own watches emitted.
import type { PageEvent } from '../contracts/dom/ops';
import type { PageReport } from '../contracts/boundaries/worker-page-agent';

export function joinChangeReports(emit: (report: PageReport) => void, watching: () => number): (event: PageEvent) => void {
  /** Each remixlet with a report waiting, and whether each of its reports was of its own changes only. */
  let pending = new Map<string, boolean>();
  let channel: MessageChannel | undefined;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!pending.size) return;
    const reports = [...pending];
    pending = new Map();
    if (reports.length === 1) {
      const [remixletId, own] = reports[0]!;
      emit(own ? { kind: 'mutated', remixletId, own } : { kind: 'mutated', remixletId });
      return;
    }
    const own = reports.filter(([, o]) => o).map(([id]) => id);
    emit({ kind: 'mutatedMany', remixletIds: reports.map(([id]) => id), ...(own.length ? { own } : {}) });
  };
  return (event) => {
    if (event.kind !== 'mutated') {
      // Reports already waiting go first, so the stream keeps the page's order.
      flush();
      emit(event);
      return;
    }
    pending.set(event.remixletId, (pending.get(event.remixletId) ?? true) && event.own === true);
    if (pending.size >= watching()) {
      flush();
      return;
    }
    if (scheduled) return;
    scheduled = true;
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = flush;
    }
    channel.port2.postMessage(null);
  };
}
