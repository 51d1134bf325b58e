// Context: background service worker. Issues each sandbox a secret token bound to (remixlet, tab,
// frame, document). Tokens live in chrome.storage.session so they survive a worker restart but not a
// browser restart; only the offscreen host ever receives one, and it never enters a sandbox or a page.
import { z } from 'zod';

export const TokenRecord = z
  .object({
    remixletId: z.string(),
    sandboxId: z.string(),
    tabId: z.number().int(),
    frameId: z.number().int(),
    documentId: z.string(),
    issuedAt: z.number(),
    /** The sandbox is ready and its script waits until the document's page agent is there (worker/sandboxes.ts). */
    held: z.boolean().optional(),
  })
  .strict();
export type TokenRecord = z.infer<typeof TokenRecord>;

const KEY = 'sandboxTokens';
let cache: Map<string, TokenRecord> | undefined;

async function load(): Promise<Map<string, TokenRecord>> {
  if (cache) return cache;
  const raw = (await chrome.storage.session.get(KEY))[KEY] as Record<string, unknown> | undefined;
  const map = new Map<string, TokenRecord>();
  for (const [token, rec] of Object.entries(raw ?? {})) {
    const parsed = TokenRecord.safeParse(rec);
    if (parsed.success) map.set(token, parsed.data);
  }
  cache = map;
  return map;
}

async function persist(map: Map<string, TokenRecord>): Promise<void> {
  await chrome.storage.session.set({ [KEY]: Object.fromEntries(map) });
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
  async issue(rec: Omit<TokenRecord, 'issuedAt' | 'sandboxId'>): Promise<{ token: string; record: TokenRecord }> {
    const map = await load();
    const token = randomToken();
    const record: TokenRecord = { ...rec, sandboxId: randomId('s', 16), issuedAt: Date.now() };
    map.set(token, record);
    await persist(map);
    return { token, record };
  },
  /**
   * The held sandboxes that `pred` says start now, marked started in the same step (so two callers never
   * both start one, and a restarted worker does not start it again).
   */
  async startHeld(pred: (rec: TokenRecord) => boolean): Promise<TokenRecord[]> {
    const map = await load();
    const starting: TokenRecord[] = [];
    for (const [token, rec] of map) {
      if (!rec.held || !pred(rec)) continue;
      const { held: _, ...started } = rec;
      map.set(token, started);
      starting.push(started);
    }
    if (starting.length) await persist(map);
    return starting;
  },
  async resolve(token: string): Promise<TokenRecord | undefined> {
    return (await load()).get(token);
  },
  async revoke(token: string): Promise<void> {
    const map = await load();
    if (map.delete(token)) await persist(map);
  },
  async revokeWhere(pred: (rec: TokenRecord) => boolean): Promise<Array<[string, TokenRecord]>> {
    const map = await load();
    const gone: Array<[string, TokenRecord]> = [];
    for (const [token, rec] of map) if (pred(rec)) gone.push([token, rec]);
    for (const [token] of gone) map.delete(token);
    if (gone.length) await persist(map);
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
