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
  /** Each remixlet with a report waiting: whether each of its reports was of its own changes only, and the latest before (undefined if one had none). */
  let pending = new Map<string, { own: boolean; before: number | undefined }>();
  let channel: MessageChannel | undefined;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!pending.size) return;
    const reports = [...pending];
    pending = new Map();
    if (reports.length === 1) {
      const [remixletId, { own, before }] = reports[0]!;
      emit({ kind: 'mutated', remixletId, ...(own ? { own } : {}), ...(before !== undefined ? { before } : {}) });
      return;
    }
    const own = reports.filter(([, r]) => r.own).map(([id]) => id);
    // Each remixlet's before, or none for any when one lacks it (the list stands in remixletIds' order).
    const before = reports.map(([, r]) => r.before);
    const known = before.every((b): b is number => b !== undefined);
    emit({ kind: 'mutatedMany', remixletIds: reports.map(([id]) => id), ...(own.length ? { own } : {}), ...(known ? { before } : {}) });
  };
  return (event) => {
    if (event.kind !== 'mutated') {
      // Reports already waiting go first, so the stream keeps the page's order.
      flush();
      emit(event);
      return;
    }
    const waiting = pending.get(event.remixletId);
    pending.set(event.remixletId, {
      own: (waiting?.own ?? true) && event.own === true,
      // Joined: the later report's before covers the earlier's changes too; without one, neither is known.
      before: waiting && waiting.before === undefined ? undefined : event.before,
    });
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
