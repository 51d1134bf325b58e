// Context: shared by the contexts that keep records in IndexedDB (the worker's stores, the panel's chats
// and settings); runs in whichever imports it and touches IndexedDB only when a store is first used.
// Trusts nothing stored (callers parse what they read).
//
// Why not localforage.createInstance per store alone: localforage adds each store to a database with a
// version upgrade of its own, on the store's first use. Several stores of one database first used at
// once (a fresh profile, a worker starting up) race those upgrades inside localforage, and now and then
// a store's first call never settles: every later call to it hangs with it (localForage issues #821,
// #512). So all of a database's stores are created in one upgrade, before localforage opens it; it then
// finds every store there and never upgrades.
const METHODS = ['getItem', 'setItem', 'removeItem', 'keys', 'length', 'clear', 'iterate'] as const;
export type ForageStore = Pick<LocalForage, (typeof METHODS)[number]>;

/** localforage's own store for its blob-support probe, created by its first upgrade. */
const BLOB_SUPPORT_STORE = 'local-forage-detect-blob-support';

function createMissingStores(dbName: string, storeNames: readonly string[]): Promise<void> {
  return new Promise((resolve) => {
    // Whatever fails here, localforage's own open reports on the store's first call.
    const probe = indexedDB.open(dbName);
    probe.onerror = () => resolve();
    probe.onsuccess = () => {
      const db = probe.result;
      const missing = [...storeNames, BLOB_SUPPORT_STORE].filter((name) => !db.objectStoreNames.contains(name));
      const version = db.version;
      db.close();
      if (!missing.length) return resolve();
      const upgrade = indexedDB.open(dbName, version + 1);
      upgrade.onupgradeneeded = () => {
        for (const name of missing) if (!upgrade.result.objectStoreNames.contains(name)) upgrade.result.createObjectStore(name);
      };
      upgrade.onsuccess = () => {
        upgrade.result.close();
        resolve();
      };
      // Another context upgraded it meanwhile (VersionError): its stores are there, or localforage adds them.
      upgrade.onerror = () => resolve();
    };
  });
}

/** One database's stores; each call waits until every store exists, then goes to localforage (passed in: contracts/ imports no storage library). */
export function forageStores<const N extends string>(
  forage: Pick<LocalForage, 'createInstance' | 'INDEXEDDB'>,
  dbName: string,
  storeNames: readonly N[],
  /** Wraps every call (the worker's test builds name what is under way with it: worker/activation/pending.ts). */
  around: <T>(name: string, work: () => Promise<T>) => Promise<T> = (_name, work) => work(),
): Record<N, ForageStore> {
  let ready: Promise<void> | undefined;
  const stores = {} as Record<N, ForageStore>;
  for (const storeName of storeNames) {
    let instance: LocalForage | undefined;
    const open = async (): Promise<LocalForage> => {
      await (ready ??= createMissingStores(dbName, storeNames));
      return (instance ??= forage.createInstance({ name: dbName, storeName, driver: forage.INDEXEDDB }));
    };
    const store = {} as Record<string, unknown>;
    for (const method of METHODS) {
      store[method] = (...args: unknown[]) =>
        around(`store ${dbName}/${storeName}.${method}`, async () => {
          const f = await open();
          return (f[method] as (...a: unknown[]) => Promise<unknown>).apply(f, args);
        });
    }
    stores[storeName] = store as unknown as ForageStore;
  }
  return stores;
}
