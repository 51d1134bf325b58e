// Context: background service worker. read_log from the assistant: the log of a remixlet that runs on the
// chat's page (the address the browser reports for the chat's tab), and only its lines logged on the
// chat's site or by the extension itself; a log that could hold what another site showed stays out of
// the model's reach, because the page the model reads may be steering it.
import type { z } from 'zod';
import type { ReadLogInput } from '../../contracts/assistant/tools';
import type { ChatBinding } from '../../contracts/assistant/chat';
import type { LogEntry } from '../../contracts/remixlet';
import { RemixletRefusal } from '../../contracts/refusals';
import { matchesUrl } from '../../contracts/policy/match-pattern';
import { loadRemixlet } from '../store/remixlets';
import { nextLine, readLog } from '../store/logs';
import { siteOf } from '../store/settings';

export async function readChatLog(chat: ChatBinding, input: z.infer<typeof ReadLogInput>): Promise<LogEntry[]> {
  const tab = await chrome.tabs.get(chat.tabId);
  const loaded = await loadRemixlet(input.remixletId);
  if (!loaded.ok) throw new RemixletRefusal('NOT_FOUND', 'There is no such remixlet; read_log reads a remixlet saved on this page.', 'read_log');
  const { manifest } = loaded.remixlet;
  if (!matchesUrl(manifest.matches, manifest.excludeMatches ?? [], tab.url ?? '')) {
    throw new RemixletRefusal('READ_REFUSED', "That remixlet does not run on the chat's page; read_log reads only the logs of remixlets that run here.", 'read_log');
  }
  const read = async () => (await readLog(input.remixletId, input.limit ?? 50)).filter((e) => e.url === undefined || siteOf(e.url) === chat.site);
  const entries = await read();
  if (entries.length > 0) return entries;
  // Nothing yet: the assistant reads the log right after a save, while the remixlet it applied is still
  // starting on the page, so its first line gets a moment to arrive instead of an empty answer.
  await nextLine(input.remixletId, FIRST_LINE_WAIT_MS);
  return read();
}

/** How long an empty log waits for a first line; a remixlet that logs nothing answers empty after it. */
const FIRST_LINE_WAIT_MS = 5_000;
