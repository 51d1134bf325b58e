// Chained calls in the runtime: a call made on a pending handle (`dom.query(s).hide()`) travels in the same
// batch as the call it is chained on, naming that call's element by its place ({ ref }); once that call has
// left, the chained one waits for its answer; when that call answers no element (nothing found, or refused)
// the chained one is refused with HANDLE_UNKNOWN and is never sent. rmx.keep still learns what a check that
// chains looks at.
import { describe, expect, it, vi } from 'vitest';
import type { RemixletError } from '../../../../sandbox/runtime/bridge';
import { ElementHandle } from '../../../../sandbox/runtime/handle';
import { CheckTrace } from '../../../../sandbox/runtime/keep-scope';
import { CHAINED_ON_NOTHING, type DomOp } from '../../../../contracts/dom/ops';
import { answer, fakePageAgent, refuse } from './fake-page-agent';

/** A page with #card, #list > li×2, answering as the page agent does: a { ref } names an earlier answer of the batch. */
function fakePage() {
  const ids: Record<string, string> = { '#card': 'h1', '#list': 'h2', 'li': 'h3' };
  const classes: Record<string, string[]> = {};
  const page = fakePageAgent((op, element) => {
    if (op.op === 'query' && op.sel === '[[') return refuse('SELECTOR_INVALID', 'not a selector', 'dom.query');
    if (op.op === 'query') return answer(ids[op.sel] ? { h: ids[op.sel], tag: 'div' } : null);
    if (op.op === 'addClass' || op.op === 'text') {
      const h = element(op.h);
      if (!h) return refuse('HANDLE_UNKNOWN', CHAINED_ON_NOTHING, `dom.${op.op}`);
      if (op.op === 'addClass') (classes[h] ??= []).push(op.name);
      else return answer(`text of ${h}`);
    }
    return answer(null);
  });
  return { ...page, classes };
}

describe('chained calls', () => {
  it('a call on a pending handle travels in the same batch and names its element by { ref }', async () => {
    const { api, batches, classes } = fakePage();
    await api.query('#card').addClass('seen');
    expect(batches).toEqual([[{ op: 'query', sel: '#card' }, { op: 'addClass', h: { ref: 0 }, name: 'seen' }]]);
    expect(classes).toEqual({ h1: ['seen'] });
  });

  it('chains deeper, beside other calls of the same tick, each naming its own place', async () => {
    const { api, batches } = fakePage();
    const [url, text] = await Promise.all([api.url(), api.query('#list').query('li').text()]);
    expect(url).toBeNull();
    expect(text).toBe('text of h3');
    expect(batches).toEqual([[{ op: 'url' }, { op: 'query', sel: '#list' }, { op: 'query', sel: 'li', scope: { ref: 1 } }, { op: 'text', h: { ref: 2 } }]]);
  });

  it('awaited, a pending handle is the handle, or null', async () => {
    const { api } = fakePage();
    const card = await api.query('#card');
    expect(card).toBeInstanceOf(ElementHandle);
    expect(card!.id).toBe('h1');
    expect(await api.query('#missing')).toBeNull();
  });

  it('once the first call has left, the chained one waits for its answer and uses its id', async () => {
    const { api, batches } = fakePage();
    const card = api.query('#card');
    await new Promise((r) => setTimeout(r, 0));
    await card.addClass('late');
    expect(batches).toEqual([[{ op: 'query', sel: '#card' }], [{ op: 'addClass', h: 'h1', name: 'late' }]]);
  });

  it('chained on nothing found or on a refusal, the call is refused HANDLE_UNKNOWN, saying why; the first refusal is not reported twice', async () => {
    const { api, batches } = fakePage();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const inBatch = await api.query('#missing').addClass('x').catch((e: RemixletError) => e);
      expect(inBatch).toMatchObject({ code: 'HANDLE_UNKNOWN', reason: CHAINED_ON_NOTHING, op: 'dom.addClass' });
      const refused = await api.query('[[').addClass('x').catch((e: RemixletError) => e);
      expect(refused).toMatchObject({ code: 'HANDLE_UNKNOWN', op: 'dom.addClass' });
      // After the first call has left: refused here, and nothing more is sent.
      const missing = api.query('#missing');
      await new Promise((r) => setTimeout(r, 0));
      const sentBefore = batches.length;
      expect(await missing.text().catch((e: RemixletError) => e)).toMatchObject({ code: 'HANDLE_UNKNOWN', reason: CHAINED_ON_NOTHING, op: 'dom.text' });
      expect(batches.length).toBe(sentBefore);
      await new Promise((r) => setTimeout(r, 0));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('appending a pending node waits for it and sends its id', async () => {
    const { api, batches, bridge } = fakePage();
    const card = (await api.query('#card'))!;
    const list = api.query('#list');
    const dom = vi.spyOn(bridge, 'dom');
    await card.append(list).catch(() => undefined);
    expect(dom.mock.calls.map((c) => c[0])).toContainEqual({ op: 'insert', h: 'h1', where: 'append', node: 'h2' });
    expect(batches.flat().filter((op) => op.op === 'insert')).toHaveLength(1);
  });
});

describe('what a change answers', () => {
  it('a change answers undefined, chained or not, whatever the page put in its answer; a read answers its value', async () => {
    const { api, bridge } = fakePage();
    const card = (await api.query('#card'))!;
    // The page agent answers a change with null; the remixlet sees undefined, as the API says.
    await expect(card.addClass('a')).resolves.toBeUndefined();
    await expect(api.query('#list').addClass('b')).resolves.toBeUndefined();
    await expect(card.text()).resolves.toBe('text of h1');
    // A change's answer names no element, so nothing can be chained on it: a call made beside it travels alone.
    const dom = vi.spyOn(bridge, 'dom');
    const change = card.addClass('c');
    expect(bridge.queued(dom.mock.results[0]!.value as Promise<unknown>)).toBeUndefined();
    await change;
  });

  it('a refused change is still refused', async () => {
    const { api } = fakePage();
    const err = (await api.query('#missing').addClass('x').catch((e: unknown) => e)) as RemixletError;
    expect(err.code).toBe('HANDLE_UNKNOWN');
  });
});

describe('what a keep learns from a check that chains', () => {
  const answer = Promise.resolve(null);
  it('a call chained on a document query is inside what that query is watched for', async () => {
    const trace = new CheckTrace(new Set());
    const query: DomOp = { op: 'query', sel: '.price' };
    trace.saw(query, Promise.resolve({ h: 'h1', tag: 'span' }));
    trace.saw({ op: 'text', h: { ref: 0 } }, answer, query);
    await Promise.resolve();
    expect(trace.scope()).toEqual({ sels: ['.price'], hs: [] });
  });

  it('a call chained on anything else (an ancestor, a created element) watches the page', () => {
    const trace = new CheckTrace(new Set());
    trace.saw({ op: 'parent', h: 'h9' }, answer);
    trace.saw({ op: 'text', h: { ref: 0 } }, answer, { op: 'parent', h: 'h9' });
    expect(trace.scope()).toBe('page');
    const unknown = new CheckTrace(new Set());
    unknown.saw({ op: 'text', h: { ref: 3 } }, answer);
    expect(unknown.scope()).toBe('page');
  });
});
