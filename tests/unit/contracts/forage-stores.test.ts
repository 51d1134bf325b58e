// The stores of one IndexedDB database are created together before localforage opens it
// (contracts/forage-stores.ts): first used all at once, every call settles; a database an older version
// made store by store keeps its records.
import 'fake-indexeddb/auto';
import localforage from 'localforage';
import { describe, expect, it } from 'vitest';
import { forageStores } from '../../../contracts/forage-stores';

const NAMES = ['heads', 'versions', 'logs', 'remixlet-storage', 'settings', 'approvals'] as const;
let n = 0;
const freshName = () => `forage-test-${n++}-${Math.random().toString(36).slice(2)}`;

function storeNamesOf(dbName: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(dbName);
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const names = [...req.result.objectStoreNames];
      req.result.close();
      resolve(names);
    };
  });
}

/** Settles with the value or 'hung' after 30 s (only a hang misses that): a store whose first call never settles shows as 'hung'. */
const within = <T>(p: Promise<T>) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<'hung'>((r) => (timer = setTimeout(() => r('hung'), 30_000)));
  return Promise.race([p, hung]).finally(() => clearTimeout(timer));
};

describe('forageStores', () => {
  it('six stores of a fresh database, first used at the same moment, all answer', async () => {
    for (let round = 0; round < 10; round++) {
      const dbName = freshName();
      const stores = forageStores(localforage, dbName, NAMES);
      const writes = await within(Promise.all(NAMES.map((s) => stores[s].setItem('k', `${s}-${round}`))));
      expect(writes).toEqual(NAMES.map((s) => `${s}-${round}`));
      const reads = await within(Promise.all(NAMES.map((s) => stores[s].getItem<string>('k'))));
      expect(reads).toEqual(NAMES.map((s) => `${s}-${round}`));
      expect(await within(Promise.all(NAMES.map((s) => stores[s].keys())))).toEqual(NAMES.map(() => ['k']));
      expect((await storeNamesOf(dbName)).sort()).toEqual([...NAMES, 'local-forage-detect-blob-support'].sort());
    }
  });

  it('a database made store by store by localforage alone keeps its records, and gains the stores it lacked', async () => {
    const dbName = freshName();
    // As an older version of Remixlet left it: two stores, each added by localforage's own upgrade.
    const heads = localforage.createInstance({ name: dbName, storeName: 'heads', driver: localforage.INDEXEDDB });
    await heads.setItem('r1', { head: 3 });
    const logs = localforage.createInstance({ name: dbName, storeName: 'logs', driver: localforage.INDEXEDDB });
    await logs.setItem('r1', ['a line']);
    // That version's connections close when a newer one upgrades the database (localforage's versionchange handler).
    const stores = forageStores(localforage, dbName, NAMES);
    expect(await within(stores.heads.getItem('r1'))).toEqual({ head: 3 });
    expect(await within(stores.logs.getItem('r1'))).toEqual(['a line']);
    expect(await within(stores.approvals.setItem('a1', { state: 'pending' }))).toEqual({ state: 'pending' });
    expect(await within(stores.versions.length())).toBe(0);
    expect((await storeNamesOf(dbName)).sort()).toEqual([...NAMES, 'local-forage-detect-blob-support'].sort());
  });

  it('iterate, removeItem and clear go through to the store', async () => {
    const stores = forageStores(localforage, freshName(), ['a', 'b']);
    await stores.a.setItem('x', 1);
    await stores.a.setItem('y', 2);
    await stores.b.setItem('x', 10);
    const seen: Array<[string, number]> = [];
    await stores.a.iterate<number, void>((v, k) => void seen.push([k, v]));
    expect(seen.sort()).toEqual([['x', 1], ['y', 2]]);
    await stores.a.removeItem('x');
    expect(await stores.a.keys()).toEqual(['y']);
    await stores.a.clear();
    expect(await stores.a.length()).toBe(0);
    expect(await stores.b.getItem('x')).toBe(10);
  });
});
