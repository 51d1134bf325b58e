// Context: background service worker. Reloads the tabs a change in the popup or the manager affects, so a
// remixlet's leftover changes to a page go. Trusts only its own store and the browser's tab list. The
// sandboxes are already torn down by then (lifecycle.ts), so a reload that fails, or that the page holds
// up with "Leave site?", does not keep a switched-off remixlet running.
import { matchesUrl } from '../../contracts/policy/match-pattern';
import type { ReloadTabs } from '../../contracts/boundaries/panel-worker';
import { loadRemixlet } from '../store/remixlets';
import { siteOf } from '../store/settings';
import { exemptNextNavigation } from '../netrules/listeners';

async function openTabsWhere(pred: (url: string) => boolean): Promise<number[]> {
  const tabs = await chrome.tabs.query({});
  // A tab still loading has its address only in pendingUrl.
  return tabs.flatMap((t) => {
    const url = t.url || t.pendingUrl;
    return t.id !== undefined && url && pred(url) ? [t.id] : [];
  });
}

/** Tabs on a page the remixlet's current manifest covers, whether or not it runs there now. */
export async function tabsCoveredBy(remixletId: string): Promise<number[]> {
  const loaded = await loadRemixlet(remixletId);
  // A remixlet whose record no longer reads cannot be running anywhere: nothing to clear.
  if (!loaded.ok) return [];
  const { manifest } = loaded.remixlet;
  return openTabsWhere((url) => matchesUrl(manifest.matches, manifest.excludeMatches ?? [], url));
}

export function tabsOnSite(site: string): Promise<number[]> {
  return openTabsWhere((url) => siteOf(url) === site);
}

async function reloadEach(tabIds: Iterable<number>): Promise<number> {
  const ids = [...new Set(tabIds)];
  // One tab that closed meanwhile must not keep the others from reloading.
  // The reload is a request Remixlet itself sends: no remixlet's network rule may act on it.
  await Promise.all(
    ids.map(async (id) => {
      const tab = await chrome.tabs.get(id).catch(() => undefined);
      const url = tab?.url || tab?.pendingUrl;
      if (url) await exemptNextNavigation(id, url).catch(() => undefined);
      await chrome.tabs.reload(id).catch(() => undefined);
    }),
  );
  return ids.length;
}

/**
 * Runs a change, then reloads the tabs it affected: those covered before it (a deleted remixlet covers
 * nothing after) and after it (a restored version may cover more). `took` says whether the change
 * happened at all (by default: unless it answered false); a declined confirmation reloads nothing.
 */
export async function reloadAround<T>(
  reload: ReloadTabs | undefined,
  covered: () => Promise<number[]>,
  change: () => Promise<T>,
  took: (value: T) => boolean = (value) => value !== false,
): Promise<{ value: T; reloaded?: number }> {
  if (!reload) return { value: await change() };
  const before = reload === 'matching' ? await covered() : [];
  const value = await change();
  if (!took(value)) return { value, reloaded: 0 };
  const after = reload === 'matching' ? await covered() : [reload.tabId];
  return { value, reloaded: await reloadEach([...before, ...after]) };
}
