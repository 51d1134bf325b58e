// Context: page agent, benchmark builds only (exec.ts calls this behind BENCH_BUILD, which other builds drop).
// How long each run of one op over many elements took here, in place and unsampled: a CPU profile slows what it
// samples, and this says how much of a batch's cost per change is the page agent's own loop (under half, in its
// first run: bench/HISTORY.md, thirty-fourth session). bench/batch-fit.bench.ts reads these through
// chrome.scripting in this isolated world, beside the same loop run as a content script there.
// Trusts nothing; holds only counts and times, in this world, which the page cannot reach.

/** Where the times are kept in the page agent's world: bench/batch-fit.bench.ts reads this key. */
export const RUN_TIMES_KEY = 'remixlet.bench.run-times';
const KEPT_MAX = 10_000;

/** Notes that a run of `elements` took `ms` from its start to its answer. */
export function noteRunTime(elements: number, ms: number): void {
  const world = globalThis as { [key: symbol]: Array<[number, number]> | undefined };
  const times = (world[Symbol.for(RUN_TIMES_KEY)] ??= []);
  if (times.length < KEPT_MAX) times.push([elements, ms]);
}
