// Context: background service worker. Reads and writes remixlets: immutable versions first, the head
// pointer last. Everything read back is parsed; a record that does not parse is reported, not trusted.
import { db, serialized, versionKey } from './db';
import { RemixletHead, VersionRecord, type Files } from '../../contracts/remixlet';
import { parseManifestText, type Manifest } from '../../contracts/policy/manifest';
import { faultPoint } from '../faults';
import { storeChanged } from './changes';
import { deleteHealth } from './health';

export interface ActiveRemixlet {
  head: RemixletHead;
  version: VersionRecord;
  manifest: Manifest;
}

export async function readHead(id: string): Promise<RemixletHead | undefined> {
  const raw = await db.heads.getItem(id);
  const parsed = RemixletHead.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

export async function readVersion(id: string, version: number): Promise<VersionRecord | undefined> {
  const parsed = VersionRecord.safeParse(await db.versions.getItem(versionKey(id, version)));
  return parsed.success ? parsed.data : undefined;
}

export async function listVersions(id: string): Promise<VersionRecord[]> {
  const out: VersionRecord[] = [];
  await db.versions.iterate((value, key) => {
    if (key.startsWith(`${id}:`)) {
      const parsed = VersionRecord.safeParse(value);
      if (parsed.success) out.push(parsed.data);
    }
  });
  return out.sort((a, b) => a.version - b.version);
}

export type LoadResult = { ok: true; remixlet: ActiveRemixlet } | { ok: false; id: string; error: string };

/**
 * Loaded remixlets, kept because the grant middleware needs one on every call and parsing it from
 * IndexedDB each time triples a dom round trip. Every write in this file (and the test seeding path)
 * forgets the entry it changes, so the cache never outlives what is stored; forgetting it is also where
 * the change is announced to open pages (./changes), so no write can change a remixlet unannounced.
 */
const loaded = new Map<string, Promise<LoadResult>>();
/** Every remixlet's id, read when a document commits and on every reconcile; forgotten with any entry. */
let ids: Promise<string[]> | undefined;
export function forgetLoaded(id: string): void {
  loaded.delete(id);
  ids = undefined;
  storeChanged();
}
/** For unit tests that clear IndexedDB underneath the store. */
export function forgetAllLoaded(): void {
  loaded.clear();
  ids = undefined;
}

export function loadRemixlet(id: string): Promise<LoadResult> {
  let result = loaded.get(id);
  if (!result) {
    result = readRemixlet(id);
    loaded.set(id, result);
    // A failed read is not worth keeping; the next call tries again.
    void result.then((r) => !r.ok && loaded.get(id) === result && loaded.delete(id), () => loaded.delete(id));
  }
  return result;
}

async function readRemixlet(id: string): Promise<LoadResult> {
  const head = await readHead(id);
  if (!head) return { ok: false, id, error: 'its record is missing or corrupt' };
  const version = await readVersion(id, head.head);
  if (!version) return { ok: false, id, error: `version ${head.head} is missing or corrupt` };
  const manifest = parseManifestText(version.files['manifest.json']);
  if (!manifest.ok) return { ok: false, id, error: `its manifest no longer parses: ${manifest.refusals.map((r) => r.reason).join('; ')}` };
  return { ok: true, remixlet: { head, version, manifest: manifest.manifest } };
}

export async function loadAll(): Promise<LoadResult[]> {
  const read = (ids ??= db.heads.keys());
  // A failed read is not kept; the next call tries again.
  void read.catch(() => ids === read && (ids = undefined));
  return Promise.all((await read).map((id) => loadRemixlet(id)));
}

/** Writes a new immutable version, then moves the head to it; a crash between the two loses nothing. */
export function commitVersion(record: VersionRecord, now: number): Promise<RemixletHead> {
  return serialized(`head:${record.remixletId}`, async () => {
    await db.versions.setItem(versionKey(record.remixletId, record.version), record);
    await faultPoint('commit:between-version-and-head');
    forgetLoaded(record.remixletId);
    const prev = await readHead(record.remixletId);
    const head: RemixletHead = {
      id: record.remixletId,
      head: record.version,
      enabled: prev?.enabled ?? true,
      archived: prev?.archived ?? false,
      createdAt: prev?.createdAt ?? now,
      updatedAt: now,
    };
    await db.heads.setItem(record.remixletId, head);
    forgetLoaded(record.remixletId);
    return head;
  });
}

/** The next version number: one past the highest stored, so a version orphaned by a crash is never overwritten. */
export async function nextVersionNumber(id: string): Promise<number> {
  const versions = await listVersions(id);
  const head = await readHead(id);
  return Math.max(head?.head ?? 0, ...versions.map((v) => v.version), 0) + 1;
}

export function updateHead(id: string, change: Partial<Pick<RemixletHead, 'enabled' | 'archived'>>, now: number): Promise<RemixletHead | undefined> {
  return serialized(`head:${id}`, async () => {
    const head = await readHead(id);
    if (!head) return undefined;
    const next = { ...head, ...change, updatedAt: now };
    await db.heads.setItem(id, next);
    forgetLoaded(id);
    return next;
  });
}

export async function deleteRemixlet(id: string): Promise<void> {
  await serialized(`head:${id}`, async () => {
    // The head goes first: without it nothing runs and no permission is held, whatever remains.
    await db.heads.removeItem(id);
    forgetLoaded(id);
    for (const key of await db.versions.keys()) if (key.startsWith(`${id}:`)) await db.versions.removeItem(key);
    await db.logs.removeItem(id);
    // After any health write under way, which saw the head; a later one sees none and writes nothing.
    await deleteHealth(id);
    for (const key of await db.storage.keys()) if (key.startsWith(`${id}:`)) await db.storage.removeItem(key);
  });
}

export type { Files };
