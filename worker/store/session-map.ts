// Context: background service worker. A map of records kept whole under one chrome.storage.session key (sandbox
// tokens, chat bindings), read back entry by entry: an entry its schema refuses is dropped, not trusted.
// Trusts nothing stored: each entry is parsed where it is read.
import type { z } from 'zod';

export async function readSessionMap<T>(key: string, schema: z.ZodType<T>): Promise<Map<string, T>> {
  const raw = (await chrome.storage.session.get(key))[key] as Record<string, unknown> | undefined;
  const map = new Map<string, T>();
  for (const [id, rec] of Object.entries(raw ?? {})) {
    const parsed = schema.safeParse(rec);
    if (parsed.success) map.set(id, parsed.data);
  }
  return map;
}
