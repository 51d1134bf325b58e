// Context: remixlet runtime (dedicated worker). Wakes the dom path (sandbox → offscreen host → worker → page
// agent and back) a few milliseconds before a remixlet's long timer fires, so that the calls the timer makes
// after a quiet spell find every thread on the way awake: after a second with nothing crossing, the same
// batch took about twice as long as right after a read (bench/batch-fit.bench.ts, issue 29 #4). Only timers
// give notice: a page event or a keep's repair comes over the path itself, which wakes it.
// Trusts nothing: holds the ids remixlet code's timers answered, at most WAKE_AHEAD.timers of them.
import type { TimerHooks } from './lockdown-core';

export const WAKE_AHEAD = {
  /** How long before the timer is due the wake is sent: more than a rested round trip takes (bench/HISTORY.md). */
  leadMs: 5,
  /** A timer due sooner than this is not worth a wake: the path may well still be awake. */
  minDelayMs: 100,
  /** A path that carried something this recently is taken to be awake (Bridge.wake sends nothing). */
  quietMs: 50,
  /** Timers followed at once; beyond, a timer gets no wake (a remixlet's many long timers need one each only in theory). */
  timers: 100,
} as const;

export interface NativeTimers {
  set(fn: () => void, ms: number): unknown;
  every(fn: () => void, ms: number): unknown;
  clear(id: unknown): void;
}

/**
 * Timer hooks (lockdown-core.ts) that call `wake` WAKE_AHEAD.leadMs before each long timer is due, each tick of a
 * long interval included, and forget the timer when it is cleared. `wake` decides whether the path is quiet
 * enough to need it (Bridge.wake).
 */
export function wakeAhead(native: NativeTimers, wake: () => void): TimerHooks {
  const followed = new Map<unknown, unknown>();
  return {
    set(id, ms, repeats) {
      if (!(ms >= WAKE_AHEAD.minDelayMs) || followed.size >= WAKE_AHEAD.timers || followed.has(id)) return;
      const first = native.set(() => {
        wake();
        if (repeats) followed.set(id, native.every(wake, ms));
        else followed.delete(id);
      }, ms - WAKE_AHEAD.leadMs);
      followed.set(id, first);
    },
    cleared(id) {
      const own = followed.get(id);
      if (own === undefined) return;
      followed.delete(id);
      native.clear(own);
    },
  };
}
