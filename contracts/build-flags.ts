// Context: shared. Compile-time switches, replaced by vite's `define`: the packaged build (npm run package)
// has none, so its code carries no benchmark echo path, benchmark mark or test hook.
declare const __REMIXLET_BENCH__: boolean;
declare const __REMIXLET_BENCH_MARKS__: boolean;
declare const __REMIXLET_TEST_HOOKS__: boolean;

/** Benchmark build only (REMIXLET_BENCH=1): the raw echo path that measures the dom round trip's floor. */
export const BENCH_BUILD: boolean = typeof __REMIXLET_BENCH__ !== 'undefined' && __REMIXLET_BENCH__;
/**
 * Benchmark builds made with REMIXLET_BENCH_MARKS=1 too: the named moments bench/page-start-hops.bench.ts reads
 * (contracts/bench-marks.ts). Apart from the other benchmark builds because a mark costs the page's thread
 * (about 3 ms a load on a real page with three keeps, bench/page-agent-cpu.bench.ts), which the page-cost
 * benches would count as the keeps'.
 */
export const BENCH_MARKS: boolean = BENCH_BUILD && typeof __REMIXLET_BENCH_MARKS__ !== 'undefined' && __REMIXLET_BENCH_MARKS__;
/** Development and test builds: read-only hooks the real-browser tests use (never in the packaged zip). */
export const TEST_HOOKS: boolean = typeof __REMIXLET_TEST_HOOKS__ !== 'undefined' && __REMIXLET_TEST_HOOKS__;
