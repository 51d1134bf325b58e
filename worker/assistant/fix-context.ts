// Context: background service worker. What "Fix it" hands the chat: a remixlet that runs on the chat's
// page (checked as read_log checks it, from the tab's address the browser reports), its current files,
// its health judged on that page, and its recent log lines on the chat's site only.
import type { ChatBinding } from '../../contracts/assistant/chat';
import { FIX_LOG_LINES, type FixContext } from '../../contracts/assistant/fix';
import { healthVerdict, pageKeyOf } from '../../contracts/health';
import { RemixletRefusal } from '../../contracts/refusals';
import { loadRemixlet } from '../store/remixlets';
import { readHealth } from '../store/health';
import { readChatLog } from './read-log';

export async function fixContext(chat: ChatBinding, remixletId: string): Promise<FixContext> {
  // Refuses a remixlet that does not run on the chat's page, and keeps other sites' lines out.
  const log = await readChatLog(chat, { remixletId, limit: FIX_LOG_LINES });
  const loaded = await loadRemixlet(remixletId);
  if (!loaded.ok) throw new RemixletRefusal('NOT_FOUND', 'There is no such remixlet.');
  const { head, version, manifest } = loaded.remixlet;
  const url = (await chrome.tabs.get(chat.tabId)).url ?? '';
  return { remixletId, name: manifest.name, version: head.head, files: version.files, verdict: healthVerdict(await readHealth(remixletId), pageKeyOf(url)), log };
}
