// Context: shared. True only in a benchmark build (REMIXLET_BENCH=1 npm run build): the raw echo path that
// measures the floor of the dom round trip. The packaged build replaces it with false and drops that code.
declare const __REMIXLET_BENCH__: boolean;
export const BENCH_BUILD: boolean = typeof __REMIXLET_BENCH__ !== 'undefined' && __REMIXLET_BENCH__;
