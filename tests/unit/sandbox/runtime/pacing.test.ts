// How the runtime paces a remixlet that calls in a loop: dom calls past the budget are refused at once
// with RATE_LIMITED (and said once a second), batches past the message budget wait for the next second,
// and log lines past the budget are dropped and counted in one line.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateWindow } from '../../../../contracts/rate-window';
import { RUNTIME_RATE, RemixletError } from '../../../../sandbox/runtime/bridge';
import { limitLog } from '../../../../sandbox/runtime/log-limit';
import type { DomOp } from '../../../../contracts/dom/ops';
import { bridgeOver } from './fake-page-agent';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RateWindow', () => {
  it('admits up to the limit per second, then refills', () => {
    let now = 10_000;
    const w = new RateWindow(3, () => now);
    expect([w.take(), w.take(), w.take(), w.take()]).toEqual([true, true, true, false]);
    expect(w.take(0)).toBe(true);
    now += 400;
    expect(w.take()).toBe(false);
    expect(w.msUntilNext()).toBe(600);
    now += 600;
    expect(w.take(3)).toBe(true);
    expect(w.take()).toBe(false);
  });

  it('count() keeps counting past the limit, so a flood is measured, not just refused', () => {
    const w = new RateWindow(2, () => 0);
    expect([w.count(), w.count(), w.count()]).toEqual([true, true, false]);
  });
});

function fakeHost() {
  const batches: DomOp[][] = [];
  return {
    batches,
    host: {
      dom: vi.fn(async (ops: DomOp[]) => {
        batches.push(ops);
        return { ok: true, value: { batch: 1, results: ops.map(() => ({ ok: true, value: 'http://shop.test/' })) } };
      }),
      log: vi.fn(async () => ({ ok: true, value: { logged: true } })),
      storage: vi.fn(async () => ({ ok: true, value: null })),
    },
  };
}

describe('Bridge', () => {
  it('sends at most the dom budget a second and refuses the rest at once, saying so once', async () => {
    const { host, batches } = fakeHost();
    const limited = vi.fn();
    const bridge = bridgeOver(host, limited);
    const calls = Array.from({ length: 10_000 }, () => bridge.dom({ op: 'url' }).then(() => 'ok', (e: RemixletError) => e.code));
    await vi.runAllTimersAsync();
    const outcomes = await Promise.all(calls);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(RUNTIME_RATE.domOpsPerSecond);
    expect(outcomes.filter((o) => o === 'RATE_LIMITED')).toHaveLength(10_000 - RUNTIME_RATE.domOpsPerSecond);
    expect(batches.flat()).toHaveLength(RUNTIME_RATE.domOpsPerSecond);
    expect(limited).toHaveBeenCalledTimes(1);
    expect(limited.mock.calls[0]![0]).toMatch(/More than 2000 dom calls a second/);
  });

  it('batches calls made in one tick into one message', async () => {
    const { host, batches } = fakeHost();
    const bridge = bridgeOver(host);
    await Promise.all([bridge.dom({ op: 'url' }), bridge.dom({ op: 'title' }), bridge.dom({ op: 'url' })]);
    expect(batches).toEqual([[{ op: 'url' }, { op: 'title' }, { op: 'url' }]]);
  });

  it('past the message budget, batches wait for the next second instead of flooding the host', async () => {
    const { host, batches } = fakeHost();
    const bridge = bridgeOver(host);
    const done: Promise<unknown>[] = [];
    for (let i = 0; i < RUNTIME_RATE.messagesPerSecond + 50; i++) {
      done.push(bridge.dom({ op: 'url' }));
      // A new tick per call: without pacing, one message each.
      await Promise.resolve();
      await Promise.resolve();
    }
    expect(batches.length).toBe(RUNTIME_RATE.messagesPerSecond);
    await vi.advanceTimersByTimeAsync(1_000);
    await Promise.all(done);
    // The 50 that waited went together.
    expect(batches.length).toBe(RUNTIME_RATE.messagesPerSecond + 1);
    expect(batches.at(-1)).toHaveLength(50);
  });

  it('keeps a refusal\u2019s code, reason and op', async () => {
    const host = { dom: async () => ({ ok: true, value: { batch: 1, results: [{ ok: false, refusal: { code: 'SELECTOR_INVALID', reason: 'bad selector' } }] } }) };
    const bridge = bridgeOver(host);
    const e = await bridge.dom({ op: 'query', sel: 'a[[' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(RemixletError);
    expect(e).toMatchObject({ code: 'SELECTOR_INVALID', reason: 'bad selector', op: 'dom.query', message: 'dom.query: bad selector [SELECTOR_INVALID]' });
  });
});

describe('limitLog', () => {
  it('writes up to its budget a second, then one line that says how many were dropped', async () => {
    const sent: string[] = [];
    const log = limitLog(async (_level, message) => void sent.push(message), (fn, ms) => setTimeout(fn, ms), 30);
    for (let i = 0; i < 1_000; i++) void log('info', `line ${i}`);
    expect(sent).toHaveLength(30);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent.slice(30)).toEqual(['970 log lines were dropped: a remixlet may write at most 30 log lines a second.']);
    void log('info', 'after');
    expect(sent.at(-1)).toBe('after');
  });
});
