// dom.create(tag, { children }) takes children as handles, awaited or pending: `dom.create('ul', { children:
// [dom.create('li')] })` travels as one batch, the pending children named by their place ({ ref }), just
// as a call chained on a pending handle is; a pending child whose call has already left is waited for;
// a child that answers no element is refused with HANDLE_UNKNOWN; anything else is refused as malformed.
import { describe, expect, it } from 'vitest';
import type { RemixletError } from '../../../../sandbox/runtime/bridge';
import { CHAINED_ON_NOTHING } from '../../../../contracts/dom/ops';
import { answer, fakePageAgent, refuse } from './fake-page-agent';

/** A page agent stand-in: create answers a new element, query finds #card only; a { ref } names an earlier answer of the batch. */
function fakePage() {
  const childrenOf: Record<string, string[]> = {};
  let made = 0;
  const page = fakePageAgent((op, element) => {
    if (op.op === 'query') return answer(op.sel === '#card' ? { h: 'h1', tag: 'div' } : null);
    if (op.op === 'create') {
      const kids = (op.children ?? []).map(element);
      if (kids.some((k) => !k)) return refuse('HANDLE_UNKNOWN', CHAINED_ON_NOTHING, 'dom.create');
      const h = `hc${made++}`;
      childrenOf[h] = kids as string[];
      return answer({ h, tag: op.tag });
    }
    return answer(null);
  });
  return { ...page, childrenOf };
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

  it('refuses children that are not handles as malformed: the create travels as a MalformedOp and makes nothing', async () => {
    const { api, batches, childrenOf } = fakePage();
    await expect(api.create('div', { children: ['h1' as never] })).rejects.toMatchObject({ code: 'MALFORMED_MESSAGE', reason: expect.stringMatching(/^Malformed children/) });
    await expect(api.create('div', { children: 'h1' as never })).rejects.toMatchObject({ code: 'MALFORMED_MESSAGE', reason: expect.stringMatching(/^Malformed children/) });
    expect(batches.flat().map((op) => op.op)).toEqual(['malformed', 'malformed']);
    expect(childrenOf).toEqual({});
  });
});
