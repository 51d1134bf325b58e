// The offscreen host's API for one sandbox: it parses every argument and enforces the same budgets the
// runtime keeps to, so a runtime that does not (remixlet code that took over its port) meets them here,
// with the refusal logged once a second and nothing sent on to the worker.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandboxHost, RATE } from '../../../offscreen/sandbox-host';
import { RemixletRefusal } from '../../../contracts/refusals';
import type { WorkerConnection } from '../../../offscreen/worker-client';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const sent: Array<{ name: string; input: unknown }> = [];
  const worker = {
    call: vi.fn(async (_id: string, name: string, input: { ops?: unknown[] }) => {
      sent.push({ name, input });
      if (name === 'storage') throw new RemixletRefusal('PERMISSION_MISSING', 'needs storage');
      return name === 'dom' ? input.ops!.map(() => ({ ok: true, value: null })) : { logged: true };
    }),
  } as unknown as WorkerConnection;
  const limited = vi.fn();
  return { host: createSandboxHost('s123456789', () => worker, limited), sent, limited };
}

describe('createSandboxHost', () => {
  it('refuses a dom batch over the per-second budget before parsing it, and logs that once', async () => {
    const { host, sent, limited } = setup();
    const big = Array.from({ length: 2_000 }, () => ({ op: 'url' }));
    expect(await host.dom!(big)).toMatchObject({ ok: true });
    expect(await host.dom!(big)).toEqual({ ok: false, refusal: { code: 'RATE_LIMITED', reason: `More than ${RATE.domOpsPerSecond} dom operations a second; the batch was refused.` } });
    // What still fits in this second is admitted, and then parsed.
    expect(await host.dom!([{ op: 'url' }, { op: 'nonsense' }])).toMatchObject({ ok: false, refusal: { code: 'MALFORMED_MESSAGE' } });
    expect(await host.dom!(Array.from({ length: 1_000 }, () => 'junk'))).toMatchObject({ refusal: { code: 'RATE_LIMITED' } });
    expect(limited).toHaveBeenCalledTimes(1);
    expect(sent.filter((s) => s.name === 'dom')).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(await host.dom!(big)).toMatchObject({ ok: true });
  });

  it('parses every argument: a malformed call is refused and never reaches the worker', async () => {
    const { host, sent } = setup();
    expect(await host.dom!([{ op: 'query', sel: 'a', extra: 1 }])).toMatchObject({ ok: false, refusal: { code: 'MALFORMED_MESSAGE' } });
    expect(await host.log!({ level: 'info', message: 'x', token: 'y' })).toMatchObject({ ok: false, refusal: { code: 'MALFORMED_MESSAGE' } });
    expect(await host.storage!({ action: 'drop-table' })).toMatchObject({ ok: false, refusal: { code: 'MALFORMED_MESSAGE' } });
    expect(sent).toEqual([]);
  });

  it('limits log lines and calls per second', async () => {
    const { host, limited } = setup();
    const answers = [];
    for (let i = 0; i < 100; i++) answers.push(await host.log!({ level: 'info', message: `line ${i}` }));
    expect(answers.filter((a) => a.ok)).toHaveLength(RATE.logLinesPerSecond);
    expect(answers.at(-1)).toMatchObject({ ok: false, refusal: { code: 'RATE_LIMITED' } });
    vi.advanceTimersByTime(1_000);
    const calls = [];
    for (let i = 0; i < RATE.callsPerSecond + 10; i++) calls.push(await host.dom!([{ op: 'url' }]));
    expect(calls.filter((a) => !a.ok)).toHaveLength(10);
    expect(limited).toHaveBeenCalledTimes(2);
  });

  it('hands a worker refusal back with its code', async () => {
    const { host } = setup();
    expect(await host.storage!({ action: 'get', key: 'k' })).toEqual({ ok: false, refusal: { code: 'PERMISSION_MISSING', reason: 'needs storage' } });
  });
});
