// Every message a sandbox sends is budgeted per port and per sandbox, by count and by bytes. Past a budget
// the sandbox is reported once, with why, and all its ports are closed; a refused message's data is never
// read (reading it is what deserializes it), so a flood costs little more than counting.
import { describe, expect, it, vi } from 'vitest';
import { PORT_BUDGETS, SANDBOX_BUDGET, SandboxBudget } from '../../../offscreen/port-guard';

/** A port whose events count how often their data is read. */
function fakePort() {
  const target = new EventTarget();
  let reads = 0;
  const port = Object.assign(target, { postMessage: vi.fn(), start: vi.fn(), close: vi.fn() }) as unknown as MessagePort & EventTarget;
  const send = (data: unknown) => {
    const ev = new Event('message');
    Object.defineProperty(ev, 'data', { get: () => (reads++, data) });
    Object.defineProperty(ev, 'ports', { value: [] });
    port.dispatchEvent(ev);
  };
  return { port, send, reads: () => reads };
}

/** A clock the test moves. */
function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

function sandbox() {
  const c = clock();
  const onFlood = vi.fn();
  const budget = new SandboxBudget(onFlood, c.now);
  const rpc = fakePort();
  const events = fakePort();
  const heard = { rpc: [] as unknown[], events: [] as unknown[] };
  budget.guard(rpc.port, 'rpc').listen((d) => heard.rpc.push(d));
  budget.guard(events.port, 'events').listen((d) => heard.events.push(d));
  return { c, onFlood, budget, rpc, events, heard };
}

describe('SandboxBudget', () => {
  it('passes what stays within the budgets, second after second', () => {
    const s = sandbox();
    for (let second = 0; second < 5; second++) {
      for (let i = 0; i < SANDBOX_BUDGET.messagesPerSecond - PORT_BUDGETS.events; i++) s.rpc.send({ i });
      for (let i = 0; i < PORT_BUDGETS.events; i++) s.events.send({ heartbeatReply: i });
      s.c.advance(1_000);
    }
    expect(s.onFlood).not.toHaveBeenCalled();
    expect(s.heard.rpc).toHaveLength(5 * (SANDBOX_BUDGET.messagesPerSecond - PORT_BUDGETS.events));
    expect(s.heard.events).toHaveLength(5 * PORT_BUDGETS.events);
  });

  it.each([
    ['rpc', PORT_BUDGETS.rpc],
    ['events', PORT_BUDGETS.events],
  ] as const)('stops a sandbox that floods its %s port, once, closing every port and reading no refused message', (name, limit) => {
    const s = sandbox();
    const port = s[name];
    for (let i = 0; i < limit + 5_000; i++) port.send({ i });
    expect(s.onFlood).toHaveBeenCalledTimes(1);
    expect(s.onFlood.mock.calls[0]![0]).toMatch(new RegExp(`more than ${limit} messages in a second on its ${name} port`));
    expect(s.heard[name]).toHaveLength(limit);
    expect(port.reads()).toBe(limit);
    expect(s.rpc.port.close).toHaveBeenCalled();
    expect(s.events.port.close).toHaveBeenCalled();
  });

  it('counts both ports against the sandbox', () => {
    const s = sandbox();
    for (let i = 0; i < PORT_BUDGETS.rpc - 5; i++) s.rpc.send({ i });
    for (let i = 0; i < PORT_BUDGETS.events; i++) s.events.send({ i });
    expect(s.onFlood).toHaveBeenCalledTimes(1);
    expect(s.onFlood.mock.calls[0]![0]).toMatch(`more than ${SANDBOX_BUDGET.messagesPerSecond} messages in a second`);
  });

  it('stops a sandbox that sends a few huge messages', () => {
    const s = sandbox();
    const huge = 'x'.repeat(SANDBOX_BUDGET.bytesPerSecond / 8);
    for (let i = 0; i < 10; i++) s.rpc.send({ huge });
    expect(s.onFlood).toHaveBeenCalledTimes(1);
    expect(s.onFlood.mock.calls[0]![0]).toMatch(/more than 64 MiB in a second/);
    expect(s.heard.rpc.length).toBeLessThan(4);
  });

  it('hears nothing and sends nothing once flooded', () => {
    const s = sandbox();
    const rpc = s.budget.guard(fakePort().port, 'rpc');
    for (let i = 0; i < PORT_BUDGETS.events + 1; i++) s.events.send({ i });
    expect(s.budget.flooded).toBe(true);
    rpc.post({ late: true });
    s.c.advance(5_000);
    s.rpc.send({ after: true });
    expect(s.heard.rpc).toEqual([]);
    expect(s.rpc.port.postMessage).not.toHaveBeenCalled();
  });
});
