// The watchdog stops a sandbox only when its own question goes unanswered for STALL_MS: a runtime that
// answers is never stopped, however slowly the hidden offscreen document's timers tick.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageChannel } from 'node:worker_threads';
import { STALL_MS, watchSandbox } from '../../../offscreen/watchdog';
import { answerHeartbeats } from '../../../sandbox/runtime/heartbeat';
import { sealPort } from '../../../sandbox/runtime/sealed-port';
import { SandboxBudget } from '../../../offscreen/port-guard';

const guarded = (port: unknown) => new SandboxBudget(() => undefined).guard(port as globalThis.MessagePort, 'events');

afterEach(() => vi.useRealTimers());

const flush = () => new Promise((r) => setImmediate(r));

describe('watchdog', () => {
  it('leaves a runtime that answers alone, and stops one that does not', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const answering = new MessageChannel();
    const silent = new MessageChannel();
    answerHeartbeats(sealPort(answering.port2 as unknown as globalThis.MessagePort));
    silent.port2.start();
    let answeringStalled = false;
    let silentStalled = false;
    const stopA = watchSandbox(guarded(answering.port1), () => (answeringStalled = true));
    watchSandbox(guarded(silent.port1), () => (silentStalled = true));
    for (let t = 0; t < STALL_MS + 3_000; t += 1_000) {
      vi.advanceTimersByTime(1_000);
      await flush();
    }
    expect(answeringStalled).toBe(false);
    expect(silentStalled).toBe(true);
    stopA();
    answering.port1.close();
    silent.port1.close();
  });
});
