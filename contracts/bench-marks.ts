// Context: shared, benchmark builds made with marks only (BENCH_MARKS: REMIXLET_BENCH=1 REMIXLET_BENCH_MARKS=1;
// every call site sits behind the flag, so other builds drop it). Named moments on a page's first dom calls,
// put on the performance timeline of whichever context reaches them: Chromium's trace carries every context's
// marks on one clock (category blink.user_timing), so bench/page-start-hops.bench.ts can time each hop
// between processes.
// Trusts nothing; records only a name and the time.
import { BENCH_MARKS } from './build-flags';

/** Every mark, by where it is made (its prefix): w worker, o offscreen document, rt sandbox runtime, pa page agent. */
export const BENCH_MARK_NAMES = [
  'w:start-sent',
  'w:hello',
  'w:connect',
  'w:pin-start',
  'w:pin-done',
  'w:dom-in',
  'w:exec-sent',
  'w:exec-answered',
  'o:start',
  'o:call-in',
  'o:call-answered',
  'rt:start',
  'pa:hello-sent',
  'pa:connected',
  'pa:batch-in',
  'pa:batch-done',
] as const;
export type BenchMarkName = (typeof BENCH_MARK_NAMES)[number];

/** The prefix every bench mark's name carries on the timeline, apart from the page's own marks. */
export const BENCH_MARK_PREFIX = 'remixlet:';

export function benchMark(name: BenchMarkName): void {
  if (!BENCH_MARKS) return;
  performance.mark(`${BENCH_MARK_PREFIX}${name}`);
}
