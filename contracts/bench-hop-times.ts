// Context: shared, benchmark builds only (each caller guards with BENCH_BUILD; the functions are empty in other
// builds too, since the worker and the offscreen document share the chunk this lands in). How
// long one hop held a dom batch, in place and unsampled: the offscreen host from a sandbox's call to its answer,
// the worker from the offscreen's message to its answer's sending, and at each (the `-call` hops) how long the
// call to the next hop took as it saw it. bench/batch-fit.bench.ts reads them (by the key below, in each
// context's global scope) to put a batch's fixed cost on its hops.
// Trusts nothing; holds only counts and times.
import { batchCount } from './dom/run-codec';
import { BENCH_BUILD } from './build-flags';

export type HopName = 'offscreen' | 'offscreen-call' | 'worker' | 'worker-call';
export interface HopTime {
  /** The dom calls the batch stands for. */
  calls: number;
  /** From the batch's arrival at this hop (or its call to the next) to its answer (ms). */
  total: number;
}

const KEPT_MAX = 10_000;

/** Where a hop's times are kept: `globalThis[Symbol.for(hopTimesKey(name))]`. */
export const hopTimesKey = (name: HopName): string => `remixlet.bench.hop.${name}`;

/** Times the batch `ops` at hop `name` from `arrived` (performance.now(), by default now) until `handled` settles. */
export function timeHop(name: HopName, ops: unknown, handled: Promise<unknown>, arrived = performance.now()): void {
  if (!BENCH_BUILD) return;
  const settle = () => {
    const times = ((globalThis as { [key: symbol]: HopTime[] | undefined })[Symbol.for(hopTimesKey(name))] ??= []);
    if (times.length < KEPT_MAX) times.push({ calls: batchCount(ops), total: performance.now() - arrived });
  };
  void handled.then(settle, settle);
}

const paramsOf = (message: unknown) => (message as { trpc?: { params?: { path?: unknown; input?: { ops?: unknown } } } } | null)?.trpc?.params;

/** Whether a message on a port is a tRPC call of `path` (`{ trpc: { params: { path } } }`). */
export const isCallOf = (path: string, message: unknown): boolean => paramsOf(message)?.path === path;

/** Times a tRPC message on a port (`{ trpc: { params: { path, input: { ops } } } }`) when it is for `path`. */
export function timeHopMessage(name: HopName, path: string, message: unknown, handled: Promise<unknown>): void {
  if (!BENCH_BUILD || !isCallOf(path, message)) return;
  timeHop(name, paramsOf(message)?.input?.ops, handled);
}
