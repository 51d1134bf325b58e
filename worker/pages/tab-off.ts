// Context: background service worker. The third switch: a remixlet switched off in one tab only, until
// that tab closes or leaves the site it was switched off on. Kept in chrome.storage.session (a restarted
// worker still knows; a browser restart forgets, as it closes the tab). Read by the lifecycle (nothing
// starts) and by the grant middleware on every call (nothing a sandbox still holds gets through). The site
// and the tab's address come from the browser's records, never from a page.
import { z } from 'zod';
import { serialized } from '../store/db';
import { siteOf } from '../store/settings';
import { storeChanged } from '../store/changes';
import { isWebAddress } from '../../contracts/policy/site';

const KEY = 'tabOff';
const TabOff = z.record(z.string(), z.object({ site: z.string(), ids: z.array(z.string()).max(500) }).strict());
type TabOff = z.infer<typeof TabOff>;

let cache: Promise<TabOff> | undefined;
function load(): Promise<TabOff> {
  cache ??= chrome.storage.session.get(KEY).then((raw) => {
    const parsed = TabOff.safeParse(raw[KEY]);
    return parsed.success ? parsed.data : {};
  });
  return cache;
}

/** For unit tests that reset the browser's session storage underneath. */
export function forgetTabOffCache(): void {
  cache = undefined;
}

function update(change: (all: TabOff) => boolean): Promise<void> {
  return serialized(`session:${KEY}`, async () => {
    const all = { ...(await load()) };
    if (!change(all)) return;
    cache = Promise.resolve(all);
    await chrome.storage.session.set({ [KEY]: all });
    // The popup shows the three states from this: it reads again on the store's change cue.
    storeChanged();
  });
}

/** Switches a remixlet off (or back on) in one tab, on the site the tab shows now. */
export function setOffInTab(tabId: number, url: string, remixletId: string, off: boolean): Promise<void> {
  const site = siteOf(url);
  return update((all) => {
    const key = String(tabId);
    const kept = all[key]?.site === site ? all[key]!.ids : [];
    const ids = off ? [...new Set([...kept, remixletId])] : kept.filter((id) => id !== remixletId);
    if (ids.length === kept.length && ids.every((id, i) => id === kept[i]) && all[key]?.site === site) return false;
    if (ids.length) all[key] = { site, ids };
    else delete all[key];
    return true;
  });
}

/**
 * The remixlets switched off in this tab at this address. A tab that moved to another site has left the
 * site they were switched off on: that ends it, and coming back later finds them on again.
 */
export async function offInTab(tabId: number, url: string): Promise<ReadonlySet<string>> {
  const rec = (await load())[String(tabId)];
  if (!rec) return new Set();
  if (rec.site === siteOf(url)) return new Set(rec.ids);
  // Only a web address ends it: the tab's own error or blank pages between two pages of the site do not.
  if (isWebAddress(url)) await forgetTab(tabId);
  return new Set();
}

export function forgetTab(tabId: number): Promise<void> {
  return update((all) => {
    if (!(String(tabId) in all)) return false;
    delete all[String(tabId)];
    return true;
  });
}
