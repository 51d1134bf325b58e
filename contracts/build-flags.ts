// Context: shared. Compile-time switches, replaced by vite's `define`: the packaged build (npm run package)
// has neither, so its code carries no benchmark echo path and no test hook.
declare const __REMIXLET_BENCH__: boolean;
declare const __REMIXLET_TEST_HOOKS__: boolean;

/** Benchmark build only (REMIXLET_BENCH=1): the raw echo path that measures the dom round trip's floor. */
export const BENCH_BUILD: boolean = typeof __REMIXLET_BENCH__ !== 'undefined' && __REMIXLET_BENCH__;
/** Development and test builds: read-only hooks the real-browser tests use (never in the packaged zip). */
export const TEST_HOOKS: boolean = typeof __REMIXLET_TEST_HOOKS__ !== 'undefined' && __REMIXLET_TEST_HOOKS__;
