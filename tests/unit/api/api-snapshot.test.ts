// The API only grows: stored remixlets keep running long after the chat that wrote them, so nothing they can
// call or see may be removed, renamed, narrowed, widened or otherwise changed within an API version.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareSnapshots, currentSnapshot, grow, snapshotPath, type ApiSnapshot } from '../../../scripts/docs/api-snapshot';

const current = currentSnapshot();
const path = snapshotPath(current.api);

describe('the committed API snapshot', () => {
  it('exists for the current API version', () => {
    expect(existsSync(path), `${path} is missing: run npm run docs`).toBe(true);
  });

  it('still holds in the code: nothing removed or changed, and every addition recorded', () => {
    const committed = JSON.parse(readFileSync(path, 'utf8')) as ApiSnapshot;
    const { breaks, additions } = compareSnapshots(committed, current);
    expect(breaks, 'stored remixlets depend on these; add a new member instead of changing one').toEqual([]);
    expect(additions, 'new members must be added to the snapshot in the same change: run npm run docs').toEqual([]);
  });
});

describe('compareSnapshots', () => {
  const base = current;
  const clone = (): ApiSnapshot => JSON.parse(JSON.stringify(base)) as ApiSnapshot;

  it('reports a removed or renamed member', () => {
    const next = clone();
    delete next.dom['h.text()'];
    next.dom['h.textContent()'] = base.dom['h.text()']!;
    const { breaks } = compareSnapshots(base, next);
    expect(breaks).toContain('h.text() was removed or renamed');
  });

  it('reports a narrowed and a widened parameter schema', () => {
    const narrowed = clone();
    (narrowed.dom['dom.query(selector)']!.params as { properties: { sel: { maxLength: number } } }).properties.sel.maxLength = 10;
    expect(compareSnapshots(base, narrowed).breaks).toEqual(['dom.query(selector) changed (its parameters, result, operation or permission differ)']);
    const widened = clone();
    (widened.rmx['rmx.storage.get(key)']!.params as { prefixItems: unknown[] }).prefixItems.push({ type: 'string' });
    expect(compareSnapshots(base, widened).breaks).toHaveLength(1);
  });

  it('reads a schema written with its keys in another order as the same, and a changed value in it as a change', () => {
    const selOf = (snap: ApiSnapshot) => (snap.dom['dom.query(selector)']!.params as { properties: { sel: Record<string, unknown> } }).properties;
    const reordered = clone();
    selOf(reordered).sel = Object.fromEntries(Object.entries(selOf(base).sel).reverse());
    expect(Object.keys(selOf(reordered).sel)).not.toEqual(Object.keys(selOf(base).sel));
    expect(compareSnapshots(base, reordered).breaks).toEqual([]);
    selOf(reordered).sel = { ...selOf(reordered).sel, description: 'Another description' };
    expect(compareSnapshots(base, reordered).breaks).toEqual(['dom.query(selector) changed (its parameters, result, operation or permission differ)']);
  });

  it('reports a changed permission and a removed refusal code', () => {
    const next = clone();
    next.rmx['rmx.log(...values)']!.permission = 'storage';
    next.refusalCodes = next.refusalCodes.filter((c) => c !== 'HANDLE_GONE');
    expect(compareSnapshots(base, next).breaks).toHaveLength(2);
  });

  it('accepts an addition once it is recorded, and grow() never drops an entry', () => {
    const next = clone();
    next.rmx['rmx.future.example(text)'] = { permission: 'clipboard', params: {}, result: {} };
    expect(compareSnapshots(base, next)).toEqual({ breaks: [], additions: ['rmx.future.example(text)'] });
    const grown = grow(base, next);
    expect(compareSnapshots(grown, next)).toEqual({ breaks: [], additions: [] });
    const shrunk = clone();
    delete shrunk.dom['h.hide()'];
    expect(grow(base, shrunk).dom['h.hide()']).toEqual(base.dom['h.hide()']);
  });
});
