// Context: background service worker. rmx.storage: per remixlet, with a quota; reached only through the
// grant middleware with the storage permission.
import { RemixletRefusal } from '../../contracts/refusals';
import type { StorageCall } from '../../contracts/boundaries/offscreen-worker';
import { db, serialized } from '../store/db';

export const STORAGE_QUOTA_BYTES = 1024 * 1024;
export const STORAGE_VALUE_BYTES = 256 * 1024;

const sizeOf = (v: unknown) => new TextEncoder().encode(JSON.stringify(v) ?? '').length;

export async function storageCall(remixletId: string, call: StorageCall): Promise<unknown> {
  const prefix = `${remixletId}:`;
  switch (call.action) {
    case 'get':
      return (await db.storage.getItem(prefix + call.key)) ?? null;
    case 'keys':
      return (await db.storage.keys()).filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
    case 'remove':
      await db.storage.removeItem(prefix + call.key);
      return null;
    case 'set':
      return serialized(`storage:${remixletId}`, async () => {
        let json: string | undefined;
        try {
          json = JSON.stringify(call.value);
        } catch {
          json = undefined;
        }
        if (json === undefined) throw new RemixletRefusal('MALFORMED_MESSAGE', 'rmx.storage.set takes a JSON value.');
        const size = sizeOf(call.value);
        if (size > STORAGE_VALUE_BYTES) throw new RemixletRefusal('PAYLOAD_TOO_LARGE', `A stored value may be at most ${STORAGE_VALUE_BYTES} bytes; this one is ${size}.`);
        let used = 0;
        for (const k of await db.storage.keys()) {
          if (k.startsWith(prefix) && k !== prefix + call.key) used += sizeOf(await db.storage.getItem(k));
        }
        if (used + size > STORAGE_QUOTA_BYTES) {
          throw new RemixletRefusal('PAYLOAD_TOO_LARGE', `Storage is full (${used} of ${STORAGE_QUOTA_BYTES} bytes used); remove keys first.`);
        }
        await db.storage.setItem(prefix + call.key, JSON.parse(json));
        return null;
      });
  }
}
