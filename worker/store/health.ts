// Context: background service worker. Each remixlet's health record (contracts/health.ts): its recent
// visits, kept with the remixlet and deleted with it. Read back through the schema; a record that does not
// parse starts again empty rather than being trusted. Says when a record changed, so open popups and
// managers show it while they are open.
import { db, serialized } from './db';
import { EMPTY_HEALTH, RemixletHealth, withVisit, type VisitHealth } from '../../contracts/health';

type Listener = (remixletId: string) => void;
const listeners = new Set<Listener>();

export function onHealthChanged(fn: Listener): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

export async function readHealth(remixletId: string): Promise<RemixletHealth> {
  const parsed = RemixletHealth.safeParse(await db.health.getItem(remixletId));
  return parsed.success ? parsed.data : EMPTY_HEALTH;
}

/** Puts one visit in (replacing what was saved of it before), unless the remixlet is gone meanwhile. */
export async function saveVisit(remixletId: string, visit: VisitHealth): Promise<void> {
  await serialized(`health:${remixletId}`, async () => {
    if ((await db.heads.getItem(remixletId)) === null) return;
    await db.health.setItem(remixletId, withVisit(await readHealth(remixletId), visit));
  });
  for (const fn of [...listeners]) {
    try {
      fn(remixletId);
    } catch {
      // One listener's failure is its own.
    }
  }
}

export function deleteHealth(remixletId: string): Promise<void> {
  return serialized(`health:${remixletId}`, () => db.health.removeItem(remixletId));
}
