// Context: background service worker, benchmark builds only. Counts the exec calls the worker sends to each
// tab's page agent, for bench/page-thread.bench.ts to read through the service worker. Counted here, not in
// the page: a console line per call, which the benchmark once wrote from the page agent, costs the page's
// own thread (serialised to every listening DevTools session) inside the very tasks it measures.
import { BENCH_BUILD } from '../../contracts/build-flags';

const sent = new Map<number, number>();

export function countExecSent(tabId: number): void {
  sent.set(tabId, (sent.get(tabId) ?? 0) + 1);
}

/** Read from the benchmark with `serviceWorker.evaluate` (the name below): the calls sent to a tab so far. */
if (BENCH_BUILD) (globalThis as { remixletBenchExecSent?: (tabId: number) => number }).remixletBenchExecSent = (tabId) => sent.get(tabId) ?? 0;
