// Context: page agent, benchmark builds only (exec.ts calls this behind BENCH_BUILD, which other builds drop).
// How long each run of one op over many elements took here, in place and unsampled: a CPU profile slows what it
// samples, and this says how much of a batch's cost per change is the page agent's own loop (under half, in its
// first run: bench/HISTORY.md, thirty-fourth session). bench/batch-fit.bench.ts reads these through
// chrome.scripting in this isolated world, beside the same loop run as a content script there.
// Trusts nothing; holds only counts and times, in this world, which the page cannot reach.

/** Where the times are kept in the page agent's world: bench/batch-fit.bench.ts reads this key. */
export const RUN_TIMES_KEY = 'remixlet.bench.run-times';
const KEPT_MAX = 10_000;

type Kept = Array<[elements: number, loopMs: number, messageMs?: number]>;
const kept = (): Kept => ((globalThis as { [key: symbol]: Kept | undefined })[Symbol.for(RUN_TIMES_KEY)] ??= []);

/** Notes that a run of `elements` took `ms` from its start to its answer. */
export function noteRunTime(elements: number, ms: number): void {
  const times = kept();
  if (times.length < KEPT_MAX) times.push([elements, ms]);
}

/**
 * Times one message on the port from its arrival to its answer's sending (`handled` settles after it): when it
 * ran exactly one run, that run's entry gets the message's time beside the loop's.
 */
export function timeMessage(handled: Promise<unknown>): void {
  const before = kept().length;
  const arrived = performance.now();
  void handled.then(() => {
    const times = kept();
    if (times.length === before + 1) times[before]![2] = performance.now() - arrived;
  });
}
