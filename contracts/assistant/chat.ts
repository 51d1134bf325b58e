// Context: shared (pure). The chat-to-tab binding the worker records: a chat works on the one tab it
// started on, and only while that tab stays on the site it started on. Trusts nothing: the worker fills
// these in from chrome.tabs, never from a payload.
import { z } from 'zod';

export const ChatId = z.string().regex(/^c[a-z0-9]{20}$/).describe('A chat id, made by the worker');
export type ChatId = z.infer<typeof ChatId>;

export const ChatStopReason = z.enum(['tab-closed', 'left-site', 'ended']);
export type ChatStopReason = z.infer<typeof ChatStopReason>;

export const ChatBinding = z
  .object({
    chatId: ChatId,
    tabId: z.number().int().min(0),
    site: z.string().max(300),
    startedAt: z.number(),
    state: z.enum(['active', 'stopped']),
    stopReason: ChatStopReason.optional(),
  })
  .strict();
export type ChatBinding = z.infer<typeof ChatBinding>;

/** What the person reads when a chat stops; fixed text, keyed by the reason the worker recorded. */
export const STOP_TEXT: Record<ChatStopReason, string> = {
  'tab-closed': 'The chat stopped because its tab was closed. Open the page again and start a new chat.',
  'left-site': 'The chat stopped because its tab left the site it started on. Start a new chat on the page you want to change.',
  ended: 'The chat ended. Start a new chat to go on.',
};
