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
    // What still fits in this second is admitted, and then parsed: a batch that is not a list, whole.
    expect(await host.dom!({ op: 'url' })).toMatchObject({ ok: false, refusal: { code: 'MALFORMED_MESSAGE' } });
    expect(await host.dom!(Array.from({ length: 1_000 }, () => 'junk'))).toMatchObject({ refusal: { code: 'RATE_LIMITED' } });
    expect(limited).toHaveBeenCalledTimes(1);
    expect(sent.filter((s) => s.name === 'dom')).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(await host.dom!(big)).toMatchObject({ ok: true });
  });

  it('tells of every call as it arrives and once it is answered, refused ones included (spares wait on them)', async () => {
    const worker = { call: vi.fn(async () => new Promise((r) => setTimeout(() => r([{ ok: true, value: null }]), 0))) } as unknown as WorkerConnection;
    let open = 0;
    const seen: number[] = [];
    const host = createSandboxHost('s123456789', () => worker, vi.fn(), () => false, () => {
      open += 1;
      seen.push(open);
      return () => void (open -= 1);
    });
    const pending = host.dom!([{ op: 'url' }]);
    expect(open).toBe(1);
    expect(await pending).toMatchObject({ ok: true });
    expect(await host.dom!({ op: 'url' })).toMatchObject({ ok: false, refusal: { code: 'MALFORMED_MESSAGE' } });
    expect(await host.storage!({ op: 'get', key: 'k' })).toMatchObject({ ok: false });
    expect(seen).toEqual([1, 1, 1]);
    expect(open).toBe(0);
  });

  it('parses each call of a dom batch on its own: a malformed one travels on as the MalformedOp in its place, its arguments left behind', async () => {
    const { host, sent } = setup();
    const secret = 'x'.repeat(200_000);
    expect(await host.dom!([{ op: 'url' }, { op: 'query', sel: 'a', extra: 1 }, { op: 'run', of: { op: 'hide' }, ids: 'h1 h2 not-an-id!' }, { op: 'setText', h: 'h1', text: secret }, { op: 'title' }])).toMatchObject({ ok: true });
    const ops = (sent[0]!.input as { ops: unknown[] }).ops;
    expect(ops).toEqual([
      { op: 'url' },
      { op: 'malformed', name: 'dom.query', reason: expect.stringMatching(/^Malformed : Unrecognized key: "extra"|^Malformed call: .*extra/), count: 1 },
      { op: 'malformed', name: 'dom.hide', reason: expect.stringMatching(/^Malformed ids: /), count: 3 },
      { op: 'malformed', name: 'dom.setText', reason: 'Malformed text: Too big: expected string to have <=100000 characters.', count: 1 },
      { op: 'title' },
    ]);
    expect(JSON.stringify(ops).length).toBeLessThan(1_000);
  });

  it('refuses a dom batch whole when the batch itself is wrong: not a list, empty, or more calls than a batch holds', async () => {
    // A host each, so that the oversized batches meet the parse rather than the per-second budget.
    for (const batch of [{ op: 'url' }, [], Array.from({ length: 2_001 }, () => ({ op: 'url' })), [{ op: 'run', of: { op: 'hide' }, hs: Array.from({ length: 2_001 }, (_, i) => `h${i}`) }]]) {
      const { host, sent } = setup();
      expect(await host.dom!(batch)).toMatchObject({ ok: false, refusal: { code: 'MALFORMED_MESSAGE' } });
      expect(sent).toEqual([]);
    }
  });

  it('parses every argument: a malformed call is refused and never reaches the worker', async () => {
    const { host, sent } = setup();
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
