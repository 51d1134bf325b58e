// Context: background service worker. The IndexedDB stores (through localforage). localforage has no
// transaction across keys, so the layout makes a torn write harmless: versions are immutable records
// written first, a remixlet's head pointer is written last, and using an approval is safe to repeat.
import localforage from 'localforage';
import { forageStores } from '../../contracts/forage-stores';
import { traced } from '../activation/pending';

const stores = forageStores(localforage, 'remixlet', ['heads', 'versions', 'logs', 'remixlet-storage', 'settings', 'approvals', 'health'], traced);

export const db = {
  heads: stores.heads,
  versions: stores.versions,
  logs: stores.logs,
  storage: stores['remixlet-storage'],
  settings: stores.settings,
  approvals: stores.approvals,
  health: stores.health,
};

export function versionKey(remixletId: string, version: number): string {
  return `${remixletId}:${String(version).padStart(8, '0')}`;
}

/** Serializes read-modify-write updates of one key, which localforage alone cannot make atomic. */
const chains = new Map<string, Promise<unknown>>();
export function serialized<T>(key: string, task: () => Promise<T>): Promise<T> {
  const prev = chains.get(key) ?? Promise.resolve();
  const next = prev.then(task, task);
  // The chain's tail, forgotten once it is done and nothing was queued behind it (else the map keeps every key).
  const tail: Promise<unknown> = next.catch(() => undefined).finally(() => {
    if (chains.get(key) === tail) chains.delete(key);
  });
  chains.set(key, tail);
  return next;
}
