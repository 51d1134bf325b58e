// The runtime wakes the dom path a few milliseconds before a remixlet's long timer fires, so the calls that
// timer makes after a quiet spell find the path awake (issue 29 #4): one read goes to the page and back,
// only when nothing has crossed lately, never for a cleared timer, and always within the remixlet's budgets.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WAKE_AHEAD, wakeAhead } from '../../../../sandbox/runtime/wake-ahead';
import { RUNTIME_RATE } from '../../../../sandbox/runtime/bridge';
import { ElementHandle } from '../../../../sandbox/runtime/handle';
import { plainRunAnswer, runLength, type RunOp } from '../../../../contracts/dom/run-codec';
import { bridgeOver, quietEvents } from './fake-page-agent';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const native = { set: (fn: () => void, ms: number) => setTimeout(fn, ms), every: (fn: () => void, ms: number) => setInterval(fn, ms), clear: (id: unknown) => clearTimeout(id as never) };

/** Hooks over the fake clock, and the times (ms since the start) at which a wake was asked for. */
function follow() {
  const start = Date.now();
  const woken: number[] = [];
  const hooks = wakeAhead(native, () => woken.push(Date.now() - start));
  return { hooks, woken };
}

describe('wakeAhead: when a wake is asked for', () => {
  it('before a long timeout is due, once; before each tick of a long interval', () => {
    const { hooks, woken } = follow();
    hooks.set(1, 1_000, false);
    hooks.set(2, 300, true);
    vi.advanceTimersByTime(1_300);
    const lead = WAKE_AHEAD.leadMs;
    expect(woken).toEqual([300 - lead, 600 - lead, 900 - lead, 1_000 - lead, 1_200 - lead]);
  });

  it('never for a timer due too soon to have let the path rest, and never for one cleared', () => {
    const { hooks, woken } = follow();
    hooks.set(1, WAKE_AHEAD.minDelayMs - 1, false);
    hooks.set(2, 0, true);
    hooks.set(3, Number.NaN, false);
    hooks.set(4, 2_000, false);
    hooks.set(5, 500, true);
    vi.advanceTimersByTime(700);
    hooks.cleared(4);
    hooks.cleared(5);
    vi.advanceTimersByTime(5_000);
    expect(woken).toEqual([500 - WAKE_AHEAD.leadMs]);
  });

  it('follows at most WAKE_AHEAD.timers timers at once', () => {
    const { hooks, woken } = follow();
    for (let id = 0; id < WAKE_AHEAD.timers + 50; id++) hooks.set(id, 1_000, false);
    vi.advanceTimersByTime(1_000);
    expect(woken).toHaveLength(WAKE_AHEAD.timers);
  });
});

describe('Bridge.wake: what a wake sends', () => {
  function bridgeAndHost() {
    const sent: unknown[][] = [];
    const host = {
      dom: vi.fn(async (wire: Array<{ op: string }>) => {
        sent.push(wire);
        return { ok: true, value: { batch: 1, results: wire.map((op) => (op.op === 'run' ? plainRunAnswer(runLength(op as RunOp)) : { ok: true, value: null })) } };
      }),
    };
    return { sent, bridge: bridgeOver(host) };
  }

  it('one read after a quiet spell, its answer dropped; nothing while the path has just carried something', async () => {
    const { sent, bridge } = bridgeAndHost();
    bridge.wake();
    expect(sent).toEqual([[{ op: 'url' }]]);
    await vi.advanceTimersByTimeAsync(1);
    bridge.wake();
    expect(sent).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(WAKE_AHEAD.quietMs + 1);
    await new ElementHandle({ h: 'hcard1', tag: 'div' }, bridge, quietEvents).hide();
    bridge.wake();
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(WAKE_AHEAD.quietMs + 1);
    bridge.wake();
    expect(sent).toEqual([[{ op: 'url' }], [{ op: 'hide', h: 'hcard1' }], [{ op: 'url' }]]);
  });

  it('counts against the dom budget, and is not sent once the budget is spent', async () => {
    const { sent, bridge } = bridgeAndHost();
    const card = new ElementHandle({ h: 'hcard1', tag: 'div' }, bridge, quietEvents);
    const calls = Array.from({ length: RUNTIME_RATE.domOpsPerSecond - 1 }, () => card.hide());
    await Promise.all(calls);
    await vi.advanceTimersByTimeAsync(WAKE_AHEAD.quietMs + 1);
    bridge.wake();
    expect(sent.at(-1)).toEqual([{ op: 'url' }]);
    await vi.advanceTimersByTimeAsync(WAKE_AHEAD.quietMs + 1);
    bridge.wake();
    expect(sent.at(-1)).toEqual([{ op: 'url' }]);
    expect(sent.filter((w) => w.length === 1 && (w[0] as { op: string }).op === 'url')).toHaveLength(1);
    await expect(card.hide()).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});
