// dom.create(tag, { children }) takes children as handles, awaited or pending: `dom.create('ul', { children:
// [dom.create('li')] })` travels as one batch, the pending children named by their place ({ ref }), just
// as a call chained on a pending handle is; a pending child whose call has already left is waited for;
// a child that answers no element is refused with HANDLE_UNKNOWN; anything else is refused as malformed.
import { describe, expect, it, vi } from 'vitest';
import { Bridge, type RemixletError } from '../../../sandbox/runtime/bridge';
import { createDom } from '../../../sandbox/runtime/dom';
import type { EventRouter } from '../../../sandbox/runtime/events';
import { CHAINED_ON_NOTHING, type DomOp } from '../../../contracts/dom/ops';
import { expandResults, type WireOp } from '../../../contracts/dom/runs';

const events = { pageUrl: 'https://shop.test/', onChange: () => () => undefined } as unknown as EventRouter;

/** A page agent stand-in: create answers a new element, query finds #card only; a { ref } names an earlier answer of the batch. */
function fakePage() {
  const batches: WireOp[][] = [];
  const childrenOf: Record<string, string[]> = {};
  let made = 0;
  const dom = vi.fn(async (wire: WireOp[]) => {
    batches.push(wire);
    const results: unknown[] = [];
    const answers: unknown[] = [];
    const element = (h: unknown) => (typeof h === 'string' ? h : (answers[(h as { ref: number }).ref] as { h?: string } | null)?.h);
    for (const op of wire as DomOp[]) {
      let answer: unknown = null;
      if (op.op === 'query') answer = op.sel === '#card' ? { h: 'h1', tag: 'div' } : null;
      if (op.op === 'create') {
        const kids = (op.children ?? []).map(element);
        if (kids.some((k) => !k)) {
          answers.push(null);
          results.push({ ok: false, refusal: { code: 'HANDLE_UNKNOWN', reason: CHAINED_ON_NOTHING, op: 'dom.create' } });
          continue;
        }
        answer = { h: `hc${made++}`, tag: op.tag };
        childrenOf[(answer as { h: string }).h] = kids as string[];
      }
      answers.push(answer);
      results.push({ ok: true, value: answer });
    }
    return { ok: true, value: expandResults(wire, results) };
  });
  const host = { dom, log: vi.fn(async () => ({ ok: true, value: { logged: true } })) };
  const bridge = new Bridge(host as never, (fn, ms) => setTimeout(fn, ms), () => undefined);
  return { batches, childrenOf, host, api: createDom(bridge, events) };
}

describe('dom.create with children', () => {
  it('takes pending children made in the same tick, in one batch, naming them by { ref }', async () => {
    const { api, batches, childrenOf } = fakePage();
    const list = await api.create('ul', { children: [api.create('li', { text: 'a' }), api.create('li', { text: 'b' })] });
    expect(list?.tag).toBe('ul');
    expect(batches).toEqual([[{ op: 'create', tag: 'li', text: 'a' }, { op: 'create', tag: 'li', text: 'b' }, { op: 'create', tag: 'ul', children: [{ ref: 0 }, { ref: 1 }] }]]);
    expect(childrenOf[list!.id]).toEqual(['hc0', 'hc1']);
  });

  it('takes awaited handles and pending ones together', async () => {
    const { api, childrenOf } = fakePage();
    const made = await api.create('span');
    const box = await api.create('div', { children: [made!, api.query('#card')] });
    expect(childrenOf[box!.id]).toEqual([made!.id, 'h1']);
  });

  it('waits for a pending child whose call has already left, then names it by id', async () => {
    const { api, batches, childrenOf } = fakePage();
    const child = api.create('em');
    await Promise.resolve();
    await Promise.resolve();
    expect(batches).toHaveLength(1);
    const box = await api.create('p', { children: [child] });
    expect(batches.at(-1)).toEqual([{ op: 'create', tag: 'p', children: ['hc0'] }]);
    expect(childrenOf[box!.id]).toEqual(['hc0']);
  });

  it('refuses a child that answers no element with HANDLE_UNKNOWN, in the batch or after', async () => {
    const { api } = fakePage();
    await expect(api.create('div', { children: [api.query('#missing')] })).rejects.toMatchObject({ code: 'HANDLE_UNKNOWN' } satisfies Partial<RemixletError>);
    const late = api.query('#missing');
    await late;
    await expect(api.create('div', { children: [late] })).rejects.toMatchObject({ code: 'HANDLE_UNKNOWN', reason: CHAINED_ON_NOTHING });
  });

  it('refuses children that are not handles as malformed, without sending them', async () => {
    const { api, batches } = fakePage();
    await expect(api.create('div', { children: ['h1' as never] })).rejects.toMatchObject({ code: 'MALFORMED_MESSAGE' });
    await expect(api.create('div', { children: 'h1' as never })).rejects.toMatchObject({ code: 'MALFORMED_MESSAGE' });
    expect(batches).toEqual([]);
  });
});
