// The runtime's own check of each dom call before it leaves: a handle id that has never passed it is checked in
// every call; one that has passed is not checked again for a call that carries nothing else (h.hide()), but a
// call with arguments on it always is. Whatever the runtime lets through, the offscreen host checks again.
import { describe, expect, it, vi } from 'vitest';
import type { RemixletError } from '../../../../sandbox/runtime/bridge';
import { ElementHandle } from '../../../../sandbox/runtime/handle';
import type { WireOp } from '../../../../contracts/dom/runs';
import { bridgeOver, hostWith, quietEvents as events } from './fake-page-agent';

function fakeHost() {
  const sent: WireOp[][] = [];
  const dom = vi.fn(async (wire: WireOp[]) => {
    sent.push(wire);
    return { ok: true, value: wire.map(() => ({ ok: true, value: null })) };
  });
  const host = hostWith(dom);
  return { sent, log: host.log, bridge: bridgeOver(host) };
}

const refusalOf = (p: Promise<unknown>) => p.then(() => 'sent', (e: RemixletError) => e.code);

describe('dom calls checked in the runtime', () => {
  it('a handle id that is not one is refused in every call, and never sent', async () => {
    const { sent, bridge } = fakeHost();
    // As a page agent gone wrong might answer: the id is not a handle id.
    const bad = new ElementHandle({ h: 'x'.repeat(500), tag: 'div' }, bridge, events);
    expect(await refusalOf(bad.hide())).toBe('MALFORMED_MESSAGE');
    expect(await refusalOf(bad.hide())).toBe('MALFORMED_MESSAGE');
    expect(await refusalOf(bad.show())).toBe('MALFORMED_MESSAGE');
    expect(sent).toEqual([]);
  });

  it('a handle id that has passed: element-only calls are sent as they are, calls with arguments still checked', async () => {
    const { sent, bridge } = fakeHost();
    const ok = new ElementHandle({ h: 'hcard1', tag: 'div' }, bridge, events);
    expect(await refusalOf(ok.hide())).toBe('sent');
    expect(await refusalOf(ok.show())).toBe('sent');
    expect(await refusalOf(ok.addClass('not a name!'))).toBe('MALFORMED_MESSAGE');
    expect(await refusalOf(ok.setText('y'.repeat(2_000_000)))).toBe('MALFORMED_MESSAGE');
    expect(await refusalOf(ok.addClass('seen'))).toBe('sent');
    expect(sent).toEqual([[{ op: 'hide', h: 'hcard1' }], [{ op: 'show', h: 'hcard1' }], [{ op: 'addClass', h: 'hcard1', name: 'seen' }]]);
  });

  it('a refused call says in words what was wrong with it (the runtime has only zod/mini, which carries no messages of its own)', async () => {
    const { bridge } = fakeHost();
    const ok = new ElementHandle({ h: 'hcard2', tag: 'div' }, bridge, events);
    const reason = await ok.setText('y'.repeat(2_000_000)).then(
      () => 'sent',
      (e: RemixletError) => e.reason,
    );
    expect(reason).toBe('Malformed text: Too big: expected string to have <=100000 characters.');
  });
});
