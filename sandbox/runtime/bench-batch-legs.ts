// Context: remixlet runtime, benchmark builds only (bridge.ts calls this behind BENCH_BUILD, which other builds
// drop). When each batch's answer reached the bridge and when the bridge had settled every call of it, in
// place and unsampled, so that bench/batch-fit.bench.ts can put a batch's cost per change on its legs: the
// remixlet's calls queued and sent, the way there and back, the answers given out.
// Trusts nothing; holds only counts and times, in this sandbox, read by the remixlet the benchmark runs.

const KEPT_MAX = 10_000;
const legs: Array<{ calls: number; arrived: number; settled: number }> = [];

/** Notes that a batch of `calls` was answered at `arrived` and all its calls settled at `settled` (performance.now()). */
export function noteBatchSettled(calls: number, arrived: number, settled: number): void {
  if (legs.length < KEPT_MAX) legs.push({ calls, arrived, settled });
}

/** Gives the benchmark's remixlet the last batch's times: `remixletBenchLastBatch()`. */
export function installBenchBatchLegs(): void {
  Object.defineProperty(globalThis, 'remixletBenchLastBatch', { value: () => ({ ...legs[legs.length - 1] }) });
}
