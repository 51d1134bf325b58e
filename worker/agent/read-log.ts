// Context: background service worker. read_log from the agent: the log of a remixlet that runs on the
// chat's page (the address the browser reports for the chat's tab), and only its lines logged on the
// chat's site or by the extension itself; a log that could hold what another site showed stays out of
// the model's reach, because the page the model reads may be steering it.
import type { z } from 'zod';
import type { ReadLogInput } from '../../contracts/agent/tools';
import type { ChatBinding } from '../../contracts/agent/chat';
import type { LogEntry } from '../../contracts/remixlet';
import { RemixletRefusal } from '../../contracts/refusals';
import { matchesUrl } from '../../contracts/policy/match-pattern';
import { loadRemixlet } from '../store/remixlets';
import { readLog } from '../store/logs';
import { siteOf } from '../store/settings';

export async function readChatLog(chat: ChatBinding, input: z.infer<typeof ReadLogInput>): Promise<LogEntry[]> {
  const tab = await chrome.tabs.get(chat.tabId);
  const loaded = await loadRemixlet(input.remixletId);
  if (!loaded.ok) throw new RemixletRefusal('NOT_FOUND', 'There is no such remixlet; read_log reads a remixlet saved on this page.', 'read_log');
  const { manifest } = loaded.remixlet;
  if (!matchesUrl(manifest.matches, manifest.excludeMatches ?? [], tab.url ?? '')) {
    throw new RemixletRefusal('READ_REFUSED', "That remixlet does not run on the chat's page; read_log reads only the logs of remixlets that run here.", 'read_log');
  }
  const entries = await readLog(input.remixletId, input.limit ?? 50);
  return entries.filter((e) => e.url === undefined || siteOf(e.url) === chat.site);
}
