// Context: background service worker. The page agent is registered only for the sites that an active
// remixlet matches, at that remixlet's runAt, top frame only; Remixlet does nothing anywhere else.
import { loadAll } from './store/remixlets';
import { pausedSites } from './store/settings';

const PREFIX = 'rmx-';
export const PAGE_AGENT_FILE = 'page-agent.js';

let syncing: Promise<void> = Promise.resolve();
/** One sync at a time: two interleaved unregister/register rounds collide on script ids. */
export function syncRegistrations(): Promise<void> {
  syncing = syncing.then(syncNow, syncNow);
  return syncing;
}

async function syncNow(): Promise<void> {
  const paused = await pausedSites();
  const pausedPatterns = paused.map((site) => `*://${site}/*`);
  const desired: chrome.scripting.RegisteredContentScript[] = [];
  for (const loaded of await loadAll()) {
    if (!loaded.ok) continue;
    const { head, manifest } = loaded.remixlet;
    if (!head.enabled || head.archived) continue;
    desired.push({
      id: `${PREFIX}${head.id}`,
      js: [PAGE_AGENT_FILE],
      matches: manifest.matches,
      excludeMatches: [...(manifest.excludeMatches ?? []), ...pausedPatterns],
      runAt: manifest.runAt,
      allFrames: false,
      persistAcrossSessions: true,
      world: 'ISOLATED',
    });
  }
  const existing = await chrome.scripting.getRegisteredContentScripts();
  const ours = existing.filter((s) => s.id.startsWith(PREFIX)).map((s) => s.id);
  if (ours.length) await chrome.scripting.unregisterContentScripts({ ids: ours });
  if (desired.length) await chrome.scripting.registerContentScripts(desired);
}

/** While a chat runs, the page agent is injected into the chat's tab only. */
export async function injectIntoChatTab(tabId: number): Promise<void> {
  await chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: [PAGE_AGENT_FILE] });
}
