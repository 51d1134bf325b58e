// Context: background service worker. The services' own records (schedules and queued messages), in a
// database of their own so adding it never upgrades the remixlet store underneath the code that owns it.
// Everything read back is parsed by the caller; nothing here is trusted for being stored.
import localforage from 'localforage';
import { forageStores } from '../../contracts/forage-stores';
import { traced } from '../activation/pending';

export const servicesDb = forageStores(localforage, 'remixlet-services', ['records'], traced).records;

export const scheduleKey = (remixletId: string, id: string): string => `schedule:${remixletId}:${id}`;
export const messagesKey = (remixletId: string): string => `messages:${remixletId}`;

export async function keysWithPrefix(prefix: string): Promise<string[]> {
  return (await servicesDb.keys()).filter((k) => k.startsWith(prefix));
}
