// Context: background service worker. The page agent is registered only for the hosts that an active
// remixlet's matches name, at that remixlet's runAt, top frame only; Remixlet does nothing on any other
// site. It is registered for every path of those hosts, because a single-page app can move by history
// navigation from a path that does not match to one that does without loading a document; which
// remixlets run on a page is still decided by the worker against the full patterns (sandboxes.ts).
import { loadAll } from './store/remixlets';
import { pausedSites } from './store/settings';
import { parseMatchPattern } from '../contracts/policy/match-pattern';
import { traced } from './pending';

const PREFIX = 'rmx-';
export const PAGE_AGENT_FILE = 'page-agent.js';

/** `https://shop.example/cart/*` → `https://shop.example/*`: same scheme, host and port, every path. */
export function agentMatches(patterns: readonly string[]): string[] {
  const out = new Set<string>();
  for (const pattern of patterns) {
    if (!parseMatchPattern(pattern).ok) continue;
    if (pattern === '<all_urls>') {
      out.add(pattern);
      continue;
    }
    const sep = pattern.indexOf('://');
    const pathStart = pattern.indexOf('/', sep + 3);
    out.add(`${pattern.slice(0, pathStart)}/*`);
  }
  return [...out];
}

let syncing: Promise<void> = Promise.resolve();
/** One sync at a time: two interleaved unregister/register rounds collide on script ids. */
export function syncRegistrations(): Promise<void> {
  const run = () => traced('registrations sync', syncNow);
  syncing = syncing.then(run, run);
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
    const matches = agentMatches(manifest.matches);
    if (!matches.length) continue;
    desired.push({
      id: `${PREFIX}${head.id}`,
      js: [PAGE_AGENT_FILE],
      matches,
      // The manifest's excludeMatches are paths the app may still move away from; the worker applies them.
      excludeMatches: pausedPatterns,
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
