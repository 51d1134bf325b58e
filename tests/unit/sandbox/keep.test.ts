// rmx.keep on a fake clock: page changes within one frame cost one check, a failing check gets a repair,
// and a repair that keeps failing backs off with doubling waits, each said in the log, and tries again
// when the wait ends even if the page stays quiet.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKeep, KEEP_BACKOFF } from '../../../sandbox/runtime/keep';
import type { EventRouter } from '../../../sandbox/runtime/events';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const listeners = new Set<(kind: 'mutated' | 'navigated') => void>();
  const events = { onChange: (fn: (kind: 'mutated' | 'navigated') => void) => (listeners.add(fn), () => listeners.delete(fn)) } as unknown as EventRouter;
  const logs: string[] = [];
  const startWatching = vi.fn(async () => 'watch');
  const keep = createKeep({
    events,
    startWatching,
    log: (level, message) => logs.push(`${level} ${message}`),
    nextFrame: (fn) => void setTimeout(fn, 16),
    timer: (fn, ms) => setTimeout(fn, ms),
    now: () => Date.now(),
  });
  const change = (kind: 'mutated' | 'navigated' = 'mutated') => listeners.forEach((fn) => fn(kind));
  return { keep, change, logs, startWatching };
}

describe('rmx.keep', () => {
  it('checks once on registration and once per frame however many changes arrive in it', async () => {
    const { keep, change, startWatching } = setup();
    const check = vi.fn(() => true);
    keep('k', { check, repair: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    expect(startWatching).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 500; i++) change();
    change('navigated');
    await vi.advanceTimersByTimeAsync(16);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('repairs when the check fails and stops when it holds', async () => {
    const { keep, change } = setup();
    let applied = false;
    const repair = vi.fn(() => {
      applied = true;
    });
    keep('k', { check: () => applied, repair });
    await vi.advanceTimersByTimeAsync(0);
    expect(repair).toHaveBeenCalledTimes(1);
    applied = false;
    change();
    await vi.advanceTimersByTimeAsync(16);
    expect(repair).toHaveBeenCalledTimes(2);
  });

  it('backs off a repair that never holds, says so with each wait, and tries again when the wait ends', async () => {
    const { keep, change, logs } = setup();
    const check = vi.fn(() => false);
    keep('hopeless', { check, repair: () => undefined });
    // Changes at frame rate for ten seconds.
    for (let t = 0; t < 10_000; t += 16) {
      change();
      await vi.advanceTimersByTimeAsync(16);
    }
    const waits = logs.map((l) => Number(/waiting (\d+) ms/.exec(l)?.[1])).filter((n) => !Number.isNaN(n));
    expect(waits.slice(0, 5)).toEqual([250, 500, 1_000, 2_000, 4_000]);
    expect(logs[0]).toBe('warn rmx.keep("hopeless"): the repair did not hold 3 times in a row; waiting 250 ms before checking again.');
    // Two checks per attempt (before and after the repair); at frame rate it would have been ~1,250.
    expect(check.mock.calls.length).toBeLessThan(20);
    // A quiet page: the next attempt still comes when the wait is over.
    const before = check.mock.calls.length;
    await vi.advanceTimersByTimeAsync(KEEP_BACKOFF.maxMs);
    expect(check.mock.calls.length).toBeGreaterThan(before);
  });

  it('logs a check that throws, and counts it as a failure', async () => {
    const { keep, logs } = setup();
    keep('broken', {
      check: () => {
        throw new TypeError('no such element');
      },
      repair: () => undefined,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(logs).toEqual(['error rmx.keep("broken"): TypeError: no such element']);
  });

  it('refuses a spec without two functions', () => {
    const { keep } = setup();
    expect(() => keep('x', { check: () => true } as never)).toThrow(/takes two functions/);
  });
});
