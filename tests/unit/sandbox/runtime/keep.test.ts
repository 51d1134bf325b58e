// rmx.keep on a fake clock: page changes within one frame cost one check, a failing check gets a repair,
// a repair that keeps failing backs off with doubling waits, each said in the log, and tries again when the
// wait ends even if the page stays quiet; the page agent is asked to watch only what the checks looked at:
// the selectors they queried, and the elements of handles they used from elsewhere.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKeep, KEEP_BACKOFF } from '../../../../sandbox/runtime/keep';
import type { EventRouter } from '../../../../sandbox/runtime/events';
import type { KeepScope } from '../../../../sandbox/runtime/keep-scope';
import type { DomOp } from '../../../../contracts/dom/ops';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(opts: { refuseNarrow?: boolean } = {}) {
  const listeners = new Set<(kind: 'mutated' | 'navigated', own?: boolean, before?: number) => void>();
  let batchesFrom = 1;
  const events = { onChange: (fn: (kind: 'mutated' | 'navigated') => void) => (listeners.add(fn), () => listeners.delete(fn)), onNews: () => () => undefined } as unknown as EventRouter;
  const logs: string[] = [];
  const watch = vi.fn(async (scope: KeepScope) => {
    if (opts.refuseNarrow && scope !== 'page') throw new Error('SELECTOR_TESTS_PASSWORD');
    return 'watch';
  });
  let tapped: ((op: DomOp, answer: Promise<unknown>) => void) | undefined;
  const readAhead = vi.fn((plan: readonly DomOp[]) => void plan);
  const keep = createKeep({
    events,
    watch,
    tap: (fn) => void (tapped = fn),
    readAhead,
    remembered: new Map(),
    remember: () => undefined,
    answerFrom: () => undefined,
    dropAhead: () => undefined,
    changesSettled: () => undefined,
    batchesFrom: () => batchesFrom,
    log: (level, message) => logs.push(`${level} ${message}`),
    nextFrame: (fn) => void setTimeout(fn, 16),
    timer: (fn, ms) => setTimeout(fn, ms),
    now: () => Date.now(),
  });
  const change = (kind: 'mutated' | 'navigated' = 'mutated', before?: number) => listeners.forEach((fn) => fn(kind, false, before));
  // A stand-in for the dom global: each call goes through the bridge's tap, as in the runtime.
  let n = 0;
  const send = (op: DomOp, value: unknown) => {
    const answer = Promise.resolve(value);
    tapped?.(op, answer);
    return answer;
  };
  const dom = {
    query: (sel: string, scope?: string) => send(scope ? { op: 'query', sel, scope } : { op: 'query', sel }, { h: `h${++n}`, tag: 'li' }) as Promise<{ h: string }>,
    text: (h: string) => send({ op: 'text', h }, 'text') as Promise<string>,
    parent: (h: string) => send({ op: 'parent', h }, { h: `h${++n}`, tag: 'ul' }) as Promise<{ h: string }>,
    url: () => send({ op: 'url' }, 'https://spa.test/') as Promise<string>,
  };
  const scopes = () => watch.mock.calls.map((c) => c[0]);
  return { keep, change, logs, watch, dom, scopes, readAhead, batchesFrom: (n: number) => void (batchesFrom = n) };
}

describe('rmx.keep', () => {
  it('checks once on registration and once per frame however many changes arrive in it', async () => {
    const { keep, change, watch } = setup();
    const check = vi.fn(() => true);
    keep('k', { check, repair: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    expect(watch).toHaveBeenCalledTimes(1);
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

  it('a repair that failed once is tried again on a quiet page, without waiting for a change', async () => {
    const { keep, logs } = setup();
    let present = false;
    const repair = vi.fn(() => {
      // The first repair meets the page agent reconnecting (the worker restarted); the next one lands.
      if (repair.mock.calls.length === 1) throw Object.assign(new Error('page agent reconnecting'), { code: 'NO_PAGE_AGENT' });
      present = true;
    });
    keep('comes back', { check: () => present, repair });
    await vi.advanceTimersByTimeAsync(0);
    expect(present).toBe(false);
    // No change on the page from here on.
    await vi.advanceTimersByTimeAsync(KEEP_BACKOFF.firstMs);
    expect(present).toBe(true);
    expect(repair).toHaveBeenCalledTimes(2);
    // It holds: nothing more is tried, and the passing refusal was not the remixlet's error.
    await vi.advanceTimersByTimeAsync(KEEP_BACKOFF.maxMs);
    expect(repair).toHaveBeenCalledTimes(2);
    expect(logs).toEqual([]);
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

describe('what rmx.keep asks the page agent to watch', () => {
  it('the whole page until the check ran, then the selectors it queried, reads on their handles included', async () => {
    const { keep, dom, scopes } = setup();
    keep('first item', { check: async () => (await dom.text((await dom.query('#feed li')).h)) === 'text', repair: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(scopes()).toEqual(['page', { sels: ['#feed li'], hs: [] }]);
  });

  it('looks once more when its scope moves, since a change meanwhile was judged by the scope before', async () => {
    const { keep, dom, change, scopes } = setup();
    let sel = '#cart';
    const check = vi.fn(async () => (await dom.query(sel)) !== null);
    keep('cart', { check, repair: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    sel = '#basket';
    change();
    await vi.advanceTimersByTimeAsync(16);
    expect(check).toHaveBeenCalledTimes(2);
    expect(scopes()).toEqual(['page', { sels: ['#cart'], hs: [] }, { sels: ['#basket'], hs: [] }]);
    // #basket was not watched until now: one more look, then quiet.
    await vi.advanceTimersByTimeAsync(16);
    expect(check).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('needs no second look when its first scope replaces the whole page, which reported every change meanwhile', async () => {
    const { keep, dom, scopes } = setup();
    const check = vi.fn(async () => (await dom.query('#cart')) !== null);
    keep('cart', { check, repair: () => undefined });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(scopes()).toEqual(['page', { sels: ['#cart'], hs: [] }]);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('a handle kept from before the check, or an ancestor, is watched as its element', async () => {
    const kept = setup();
    const h = (await kept.dom.query('#kept')).h;
    kept.keep('k', { check: async () => (await kept.dom.text(h)) === 'text', repair: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(kept.scopes()).toEqual(['page', { sels: [], hs: [h] }]);

    const ancestor = setup();
    let parentId = '';
    ancestor.keep('k', {
      check: async () => {
        const parent = await ancestor.dom.parent((await ancestor.dom.query('#feed li')).h);
        parentId = parent.h;
        return (await ancestor.dom.text(parent.h)) === 'text';
      },
      repair: () => undefined,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(ancestor.scopes()).toEqual(['page', { sels: ['#feed li'], hs: [parentId] }]);
  });

  it('the whole page when the check looked at nothing on it', async () => {
    for (const check of [(dom: ReturnType<typeof setup>['dom']) => async () => (await dom.url()) !== '', () => () => true]) {
      const { keep, dom, scopes } = setup();
      keep('k', { check: check(dom), repair: () => undefined });
      await vi.advanceTimersByTimeAsync(0);
      expect(scopes()).toEqual(['page']);
    }
  });

  it('a query inside a queried element stays narrow; one inside a kept handle watches that element', async () => {
    const narrow = setup();
    narrow.keep('k', { check: async () => (await narrow.dom.query('li', (await narrow.dom.query('#feed')).h)) !== null, repair: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(narrow.scopes()).toEqual(['page', { sels: ['#feed'], hs: [] }]);

    const inKept = setup();
    const kept = (await inKept.dom.query('#feed')).h;
    inKept.keep('k', { check: async () => (await inKept.dom.text((await inKept.dom.query('li', kept)).h)) === 'text', repair: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    // The li it found is inside the watched #feed element: not watched apart.
    expect(inKept.scopes()).toEqual(['page', { sels: [], hs: [kept] }]);
  });

  it('one watch for all keeps: the union of their selectors, or the page when one of them watches it', async () => {
    const { keep, dom, scopes } = setup();
    keep('a', { check: async () => (await dom.query('#a')) !== null, repair: () => undefined });
    keep('b', { check: async () => (await dom.query('#b')) !== null, repair: () => undefined });
    await vi.advanceTimersByTimeAsync(100);
    expect(scopes().at(-1)).toEqual({ sels: ['#a', '#b'], hs: [] });
    keep('c', { check: () => true, repair: () => undefined });
    await vi.advanceTimersByTimeAsync(100);
    expect(scopes().at(-1)).toBe('page');
  });

  it('a narrow watch the page agent refuses falls back to the whole page', async () => {
    const { keep, dom, scopes, logs } = setup({ refuseNarrow: true });
    keep('k', { check: async () => (await dom.query('input[value]')) !== null, repair: () => undefined });
    await vi.advanceTimersByTimeAsync(100);
    expect(scopes()).toEqual(['page', { sels: ['input[value]'], hs: [] }, 'page']);
    expect(logs).toEqual([]);
  });
});

describe("rmx.keep and a report's before", () => {
  it("runs each keep's check unless that keep began its latest check after the batch the report names", async () => {
    const { keep, change, batchesFrom } = setup();
    const steady = vi.fn(() => true);
    let failsLeft = 2;
    const late = vi.fn(() => failsLeft-- <= 0);
    keep('steady', { check: steady, repair: () => undefined });
    keep('late', { check: late, repair: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    // 'late' failed twice (before and after its repair) and tries again alone, its check now sent from batch 10 on.
    batchesFrom(10);
    await vi.advanceTimersByTimeAsync(KEEP_BACKOFF.firstMs);
    expect(late).toHaveBeenCalledTimes(3);
    const runs = steady.mock.calls.length;
    // Made before batch 1: every keep's latest check read after it.
    change('mutated', 1);
    await vi.advanceTimersByTimeAsync(16);
    expect(steady).toHaveBeenCalledTimes(runs);
    expect(late).toHaveBeenCalledTimes(3);
    // Made before batch 5: 'late' read after it, 'steady' (from batch 1 on) may not have.
    change('mutated', 5);
    await vi.advanceTimersByTimeAsync(16);
    expect(steady).toHaveBeenCalledTimes(runs + 1);
    expect(late).toHaveBeenCalledTimes(3);
  });

  it('a try again after a repair that did not hold runs, though every report since was of changes its check had seen', async () => {
    const { keep, change } = setup();
    const check = vi.fn(() => false);
    keep('never holds', { check, repair: () => undefined });
    await vi.advanceTimersByTimeAsync(16);
    const checked = check.mock.calls.length;
    // Just before its try again is due, a report of changes made before its last check read (so seen).
    await vi.advanceTimersByTimeAsync(KEEP_BACKOFF.firstMs - 26);
    change('mutated', 1);
    await vi.advanceTimersByTimeAsync(12);
    expect(check.mock.calls.length).toBeGreaterThan(checked);
  });
});
