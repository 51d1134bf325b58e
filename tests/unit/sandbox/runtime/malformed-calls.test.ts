// A remixlet's malformed dom call (an argument of the wrong kind, a huge string, a handle that is not one, a
// value that cannot cross a MessagePort at all) is refused alone, with a reason that names what is wrong,
// and the calls made beside it in the same batch still run. The runtime sends each call as the remixlet
// made it; the offscreen host (real, here) parses each call where it arrives and forwards a malformed one
// as the MalformedOp that keeps its place, so a later { ref } still names the right call.
import { describe, expect, it, vi } from 'vitest';
import { createSandboxHost } from '../../../../offscreen/sandbox-host';
import type { WorkerConnection } from '../../../../offscreen/worker-client';
import type { RemixletError } from '../../../../sandbox/runtime/bridge';
import { createDom } from '../../../../sandbox/runtime/dom';
import { ElementHandle } from '../../../../sandbox/runtime/handle';
import type { WireOp } from '../../../../contracts/dom/runs';
import { bridgeOver, quietEvents as events } from './fake-page-agent';

/**
 * The runtime's Bridge → a MessagePort (structured clone, thrown inside the send as Comlink's postMessage
 * throws) → the real offscreen host → a worker standing in for the page agent: a query finds `#card`, a
 * change on a { ref } to an empty place is refused, a MalformedOp is answered with its reason.
 */
function chain() {
  const forwarded: WireOp[][] = [];
  const worker = {
    call: vi.fn(async (_id: string, name: string, input: { ops: WireOp[] }) => {
      if (name !== 'dom') return { logged: true };
      forwarded.push(input.ops);
      const places: Array<string | null> = [];
      const results = input.ops.map((op) => {
        if (op.op === 'malformed') {
          for (let i = 0; i < op.count; i++) places.push(null);
          return { ok: false, refusal: { code: 'MALFORMED_MESSAGE', reason: op.reason, op: op.name } };
        }
        const h = (op as { h?: unknown }).h;
        if (h && typeof h === 'object' && places[(h as { ref: number }).ref] == null) {
          places.push(null);
          return { ok: false, refusal: { code: 'HANDLE_UNKNOWN', reason: 'No element.' } };
        }
        places.push(op.op === 'query' ? 'hcard1' : null);
        return { ok: true, value: op.op === 'query' ? { h: 'hcard1', tag: 'div' } : null };
      });
      return { batch: forwarded.length, results };
    }),
  } as unknown as WorkerConnection;
  const host = createSandboxHost('s123456789', () => worker, () => undefined);
  const acrossAPort = {
    ...host,
    dom: (wire: unknown) => new Promise((resolve) => resolve(host.dom!(structuredClone(wire)))),
  };
  const bridge = bridgeOver(acrossAPort);
  return { forwarded, bridge, dom: createDom(bridge, events) };
}

const outcome = (p: Promise<unknown>) => p.then(() => 'ran', (e: RemixletError) => `${e.code}: ${e.reason}`);

describe('a malformed dom call is refused alone, where it arrives', () => {
  it('an argument of the wrong kind or size: refused with the field it names, its neighbours run', async () => {
    const { forwarded, bridge } = chain();
    const card = new ElementHandle({ h: 'hcard1', tag: 'div' }, bridge, events);
    const results = await Promise.all([
      outcome(card.hide()),
      outcome(card.addClass('not a name!')),
      outcome(card.setText('y'.repeat(2_000_000))),
      outcome(card.setText(42 as never)),
      outcome(card.addClass('seen')),
    ]);
    expect(results[0]).toBe('ran');
    expect(results[1]).toMatch(/^MALFORMED_MESSAGE: Malformed name: /);
    expect(results[2]).toBe('MALFORMED_MESSAGE: Malformed text: Too big: expected string to have <=100000 characters.');
    expect(results[3]).toMatch(/^MALFORMED_MESSAGE: Malformed text: Invalid input: expected string/);
    expect(results[4]).toBe('ran');
    // One message: the malformed calls travelled in their places, their arguments left behind.
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]!.map((op) => op.op)).toEqual(['hide', 'malformed', 'malformed', 'malformed', 'addClass']);
    expect(JSON.stringify(forwarded[0])).not.toContain('yyyy');
  });

  it('a handle id that is not one is refused in every call', async () => {
    const { forwarded, bridge } = chain();
    // As a page agent gone wrong might answer: the id is not a handle id.
    const bad = new ElementHandle({ h: 'x'.repeat(500), tag: 'div' }, bridge, events);
    expect(await outcome(bad.hide())).toMatch(/^MALFORMED_MESSAGE: Malformed h: /);
    expect(await outcome(bad.hide())).toMatch(/^MALFORMED_MESSAGE/);
    expect(await outcome(bad.show())).toMatch(/^MALFORMED_MESSAGE/);
    expect(forwarded.flat().every((op) => op.op === 'malformed')).toBe(true);
  });

  it('a value that cannot cross a MessagePort (function, symbol, proxy, throwing getter): refused alone, the batch still runs', async () => {
    const { forwarded, bridge, dom } = chain();
    const card = new ElementHandle({ h: 'hcard1', tag: 'div' }, bridge, events);
    const throwing = {
      get color() {
        throw new Error('read me not');
      },
    };
    const results = await Promise.all([
      outcome(card.addClass('before')),
      outcome(card.setStyle({ color: (() => 'red') as never })),
      outcome(card.setStyle({ color: Symbol('red') as never })),
      outcome(card.setStyle(new Proxy({ color: 'red' }, {}))),
      outcome(card.setStyle(throwing as never)),
      outcome(dom.query('#card').addClass('after')),
    ]);
    expect(results[0]).toBe('ran');
    expect(results[1]).toMatch(/^MALFORMED_MESSAGE: Malformed call: its arguments hold a function, a symbol or another value that is not plain data/);
    expect(results[2]).toMatch(/^MALFORMED_MESSAGE: Malformed call: its arguments hold a function/);
    expect(results[3]).toMatch(/^MALFORMED_MESSAGE: Malformed call: its arguments hold a function/);
    expect(results[4]).toMatch(/^MALFORMED_MESSAGE: Malformed call: its arguments hold a value that threw when it was read/);
    // The chained call names the query by its place, which held: the query found #card and the change landed on it.
    expect(results[5]).toBe('ran');
    expect(forwarded.at(-1)!.map((op) => op.op)).toEqual(['addClass', 'malformed', 'malformed', 'malformed', 'malformed', 'query', 'addClass']);
    expect(forwarded.at(-1)![6]).toEqual({ op: 'addClass', h: { ref: 5 }, name: 'after' });
  });

  it('a BigInt crosses the port but not the host: refused alone', async () => {
    const { bridge } = chain();
    const card = new ElementHandle({ h: 'hcard1', tag: 'div' }, bridge, events);
    const [big, fine] = await Promise.all([outcome(card.setText(10n as never)), outcome(card.setText('ten'))]);
    expect(big).toMatch(/^MALFORMED_MESSAGE: Malformed text: /);
    expect(fine).toBe('ran');
  });

  it('a call chained on a malformed one finds its place empty', async () => {
    const { dom } = chain();
    const query = dom.query(7 as never);
    const [found, change] = await Promise.all([outcome(query as unknown as Promise<unknown>), outcome(query.addClass('x'))]);
    expect(found).toMatch(/^MALFORMED_MESSAGE: Malformed sel: /);
    expect(change).toMatch(/^HANDLE_UNKNOWN/);
  });
});
