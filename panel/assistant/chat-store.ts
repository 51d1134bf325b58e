// Context: side panel. The conversation kept in the browser (the panel's own IndexedDB, via localforage)
// so it survives a panel reload: what the person saw, the messages the model will be sent next, the
// draft, the chat id the worker bound to the tab, and the text the person has not sent yet. Read back through a schema; a damaged record is
// dropped rather than trusted.
import { panelDb } from '../panel-db';
import { z } from 'zod';
import { CanDoItem } from '../../contracts/can-do/items';

export const Entry = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), text: z.string() }),
  z.object({ kind: z.literal('assistant'), text: z.string() }),
  z.object({
    kind: z.literal('tool'),
    id: z.string(),
    name: z.string(),
    input: z.unknown(),
    state: z.enum(['running', 'done', 'failed', 'interrupted', 'refused', 'declined']),
    /** How it ended in the tool's own words (tool-outcome.ts); older records have only the state. */
    said: z.string().max(400).optional(),
    /** Done with something to look at (a draft with problems): drawn apart from a plain "done". */
    attention: z.boolean().optional(),
    detail: z.string().optional(),
    /** A save that applied: what the saved code can do, computed from the files saved (never the model's words). */
    canDo: z.array(CanDoItem).max(200).optional(),
    /** An update's: what the version it replaced could do, so the row marks what is new and what is gone. */
    canDoBefore: z.array(CanDoItem).max(200).optional(),
  }),
  z.object({ kind: z.literal('error'), text: z.string() }),
  z.object({ kind: z.literal('notice'), text: z.string() }),
]);
export type Entry = z.infer<typeof Entry>;

export const ChatRecord = z.object({
  chatId: z.string(),
  tabId: z.number().int(),
  site: z.string(),
  entries: z.array(Entry),
  messages: z.array(z.unknown()),
  draft: z.record(z.string(), z.string()),
  updatedAt: z.number(),
});
export type ChatRecord = z.infer<typeof ChatRecord>;

const store = panelDb.chats;
const key = (tabId: number) => `tab:${tabId}`;

export async function loadChat(tabId: number): Promise<ChatRecord | undefined> {
  const parsed = ChatRecord.safeParse(await store.getItem(key(tabId)));
  if (!parsed.success) return undefined;
  // A turn that was running when the panel closed did not finish; say so rather than show it as live.
  const entries = parsed.data.entries.map((e) => (e.kind === 'tool' && e.state === 'running' ? { ...e, state: 'interrupted' as const } : e));
  return { ...parsed.data, entries };
}

export async function saveChat(record: ChatRecord): Promise<void> {
  await store.setItem(key(record.tabId), JSON.parse(JSON.stringify(record)));
}

export async function forgetChat(tabId: number): Promise<void> {
  await store.removeItem(key(tabId));
}

// The person's unsent text in the message box, kept next to the tab's chat (its own key: the box holds
// text before any chat starts, and keeps it when New chat clears the conversation).
const unsentKey = (tabId: number) => `unsent:tab:${tabId}`;

/**
 * The page's own synchronous storage, written at each keystroke before the IndexedDB copy: a panel reloaded
 * or closed right after typing ends before an IndexedDB write commits, and the text would be lost. Undefined
 * where there is none (unit tests) or it throws (storage switched off).
 */
function quickStore(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export async function loadUnsent(tabId: number): Promise<string> {
  // The quick copy is the newer one when it is there (it is written first and synchronously).
  const quick = quickStore()?.getItem(unsentKey(tabId));
  if (quick !== null && quick !== undefined) return quick.slice(0, 100_000);
  const parsed = z.string().max(100_000).safeParse(await store.getItem(unsentKey(tabId)));
  return parsed.success ? parsed.data : '';
}

export async function saveUnsent(tabId: number, text: string): Promise<void> {
  try {
    if (text) quickStore()?.setItem(unsentKey(tabId), text.slice(0, 100_000));
    else quickStore()?.removeItem(unsentKey(tabId));
  } catch {
    // Full or switched off: the IndexedDB copy below still holds it.
  }
  if (text) await store.setItem(unsentKey(tabId), text.slice(0, 100_000));
  else await store.removeItem(unsentKey(tabId));
}
