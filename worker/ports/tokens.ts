// Context: background service worker. Issues each sandbox a secret token bound to (remixlet, tab,
// frame, document). Tokens live in chrome.storage.session so they survive a worker restart but not a
// browser restart; only the offscreen host ever receives one, and it never enters a sandbox or a page.
import { z } from 'zod';
import { readSessionMap } from '../store/session-map';

export const TokenRecord = z
  .object({
    remixletId: z.string(),
    sandboxId: z.string(),
    tabId: z.number().int(),
    frameId: z.number().int(),
    /** '' (UNCOMMITTED) for a held sandbox made when its navigation started, until the document commits. */
    documentId: z.string(),
    issuedAt: z.number(),
    /** The sandbox is ready and its script waits for its navigation to commit (worker/pages/sandboxes.ts navigationStarted). */
    held: z.boolean().optional(),
  })
  .strict();
export type TokenRecord = z.infer<typeof TokenRecord>;

const KEY = 'sandboxTokens';
/** No document the browser names: a token bound to it passes no check that compares the caller's document. */
export const UNCOMMITTED = '';
/** The map, read once: callers that arrive while it is being read share that read, so they change one map. */
let cache: Promise<Map<string, TokenRecord>> | undefined;

function load(): Promise<Map<string, TokenRecord>> {
  if (cache) return cache;
  const reading = readSessionMap(KEY, TokenRecord);
  cache = reading;
  // A read that failed is not kept: the next caller reads again.
  reading.catch(() => {
    if (cache === reading) cache = undefined;
  });
  return reading;
}

/** A write asked for and not yet begun, and the map it will save: changes made meanwhile ride on it. */
type Scheduled = { map: Map<string, TokenRecord>; written: Promise<void> };
let scheduled: Scheduled | undefined;

/**
 * Saves the whole map. Changes made in the same turn (a page's sandboxes issued together) share one write: each
 * write is the whole map, and writes begin in the order they were asked for, so the last one saved is the newest.
 */
function persist(map: Map<string, TokenRecord>): Promise<void> {
  if (scheduled) {
    scheduled.map = map;
    return scheduled.written;
  }
  const next: Scheduled = {
    map,
    written: Promise.resolve().then(() => {
      scheduled = undefined;
      return chrome.storage.session.set({ [KEY]: Object.fromEntries(next.map) });
    }),
  };
  scheduled = next;
  return next.written;
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function randomId(prefix: string, length = 16): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return prefix + [...bytes].map((b) => (b % 36).toString(36)).join('');
}

export const tokens = {
  /**
   * `whileSaving` hands the token on while it is being saved (a sandbox that needs it now need not wait for
   * the storage write); a worker that dies before the write ends has a sandbox whose every call it refuses.
   */
  async issue(rec: Omit<TokenRecord, 'issuedAt' | 'sandboxId'>, whileSaving?: (issued: { token: string; record: TokenRecord }) => void): Promise<{ token: string; record: TokenRecord }> {
    const map = await load();
    const token = randomToken();
    const record: TokenRecord = { ...rec, sandboxId: randomId('s', 16), issuedAt: Date.now() };
    map.set(token, record);
    const saved = persist(map);
    whileSaving?.({ token, record });
    await saved;
    return { token, record };
  },
  /**
   * The held sandboxes that `pred` says start now, marked started in the same step (so two callers never
   * both start one, and a restarted worker does not start it again), and bound to `documentId` when given
   * (made before their document committed). `whileSaving` starts them while the record is being saved.
   */
  async startHeld(pred: (rec: TokenRecord) => boolean, opts: { documentId?: string; whileSaving?: (starting: TokenRecord[]) => void } = {}): Promise<TokenRecord[]> {
    const map = await load();
    const starting: TokenRecord[] = [];
    for (const [token, rec] of map) {
      if (!rec.held || !pred(rec)) continue;
      const { held: _, ...started } = rec;
      if (opts.documentId !== undefined) started.documentId = opts.documentId;
      map.set(token, started);
      starting.push(started);
    }
    if (!starting.length) return starting;
    const saved = persist(map);
    opts.whileSaving?.(starting);
    await saved;
    return starting;
  },
  async resolve(token: string): Promise<TokenRecord | undefined> {
    return (await load()).get(token);
  },
  async revoke(token: string): Promise<void> {
    const map = await load();
    if (map.delete(token)) await persist(map);
  },
  /**
   * Revokes the tokens `pred` picks: at once for every check (they read this map), in storage when the write
   * ends. `waitForWrite: false` answers without waiting for it: during a navigation the browser can take tens
   * of milliseconds to save, and a page that went away should not hold up the next page's start for that.
   * The write still lands, and any later write saves the newer map (writes go in order, each the whole map).
   */
  async revokeWhere(pred: (rec: TokenRecord) => boolean, opts: { waitForWrite?: boolean } = {}): Promise<Array<[string, TokenRecord]>> {
    const map = await load();
    const gone: Array<[string, TokenRecord]> = [];
    for (const [token, rec] of map) if (pred(rec)) gone.push([token, rec]);
    for (const [token] of gone) map.delete(token);
    if (!gone.length) return gone;
    const saved = persist(map);
    if (opts.waitForWrite === false) saved.catch(() => undefined);
    else await saved;
    return gone;
  },
  async all(): Promise<Array<[string, TokenRecord]>> {
    return [...(await load())];
  },
  /** For tests that replace chrome.storage.session between cases. */
  resetCache(): void {
    cache = undefined;
  },
};
