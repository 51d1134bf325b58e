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
  let pending: string[] = [];
  let channel: MessageChannel | undefined;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!pending.length) return;
    const ids = pending;
    pending = [];
    emit(ids.length === 1 ? { kind: 'mutated', remixletId: ids[0]! } : { kind: 'mutatedMany', remixletIds: ids });
  };
  return (event) => {
    if (event.kind !== 'mutated') {
      // Reports already waiting go first, so the stream keeps the page's order.
      flush();
      emit(event);
      return;
    }
    if (!pending.includes(event.remixletId)) pending.push(event.remixletId);
    if (pending.length >= watching()) {
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
