// The fixed MAIN-world reader: it copies plain data out of script variables and refuses to hand back a
// storage, database, cache or credential object, even when a page variable points at one.
import { afterEach, describe, expect, it } from 'vitest';
import { readVariables } from '../../../../worker/assistant/main-world-read';

class FakeStorage {
  get [Symbol.toStringTag]() {
    return 'Storage';
  }
  token = 'local-secret';
}
const g = globalThis as Record<string, unknown>;

describe('readVariables', () => {
  afterEach(() => {
    for (const k of ['appData', 'alias', 'holder', 'el']) delete g[k];
  });

  it('copies plain data along a path', () => {
    g.appData = { user: 'ada', items: [{ id: 1 }], tags: new Set(['a']), fn: () => 1 };
    expect(readVariables([['appData'], ['appData', 'items', '0', 'id']], 10_000)).toEqual([
      { path: 'appData', ok: true, value: { user: 'ada', items: [{ id: 1 }], tags: ['a'], fn: '[function]' } },
      { path: 'appData.items.0.id', ok: true, value: 1 },
    ]);
  });

  it('refuses a storage object, directly or inside plain data', () => {
    g.alias = new FakeStorage();
    g.holder = { store: new FakeStorage(), note: 'kept' };
    const [alias, holder, through] = readVariables([['alias'], ['holder'], ['holder', 'store', 'token']], 10_000);
    expect(alias).toEqual({ path: 'alias', ok: false, refused: 'it is a Storage' });
    expect(holder).toEqual({ path: 'holder', ok: true, value: { store: '[refused: Storage]', note: 'kept' } });
    expect(through).toMatchObject({ ok: false, refused: 'it passes through a Storage' });
    expect(JSON.stringify([alias, holder, through])).not.toContain('local-secret');
  });

  it('caps what it returns', () => {
    g.appData = { big: 'x'.repeat(5_000) };
    const [r] = readVariables([['appData']], 1_000);
    expect(typeof r!.value).toBe('string');
    expect((r!.value as string).length).toBeLessThanOrEqual(1_001);
  });
});
