// Context: background service worker. Person-level settings: which sites are paused.
import { z } from 'zod';
import { db, serialized } from './db';
import { storeChanged } from './changes';

const PausedSites = z.array(z.string());

// Read on every sandbox call by the grant middleware; only setSitePaused changes it.
let cached: Promise<string[]> | undefined;
/** For unit tests that clear IndexedDB underneath the store. */
export function forgetSettings(): void {
  cached = undefined;
}

export function pausedSites(): Promise<string[]> {
  cached ??= db.settings.getItem('pausedSites').then((raw) => {
    const parsed = PausedSites.safeParse(raw);
    return parsed.success ? parsed.data : [];
  });
  return cached;
}

/** The last address siteOf read: a page's calls ask it of the same address each time. */
let lastSite: { url: string; site: string } | undefined;

/** A site is a host name: pausing shop.test pauses every remixlet on pages of shop.test. */
export function siteOf(url: string): string {
  if (lastSite?.url !== url) {
    let site: string;
    try {
      site = new URL(url).hostname;
    } catch {
      site = '';
    }
    lastSite = { url, site };
  }
  return lastSite.site;
}

export async function isSitePaused(url: string): Promise<boolean> {
  return (await pausedSites()).includes(siteOf(url));
}

export function setSitePaused(site: string, paused: boolean): Promise<void> {
  return serialized('settings:pausedSites', async () => {
    const sites = new Set(await pausedSites());
    if (paused) sites.add(site);
    else sites.delete(site);
    await db.settings.setItem('pausedSites', [...sites]);
    cached = undefined;
    storeChanged();
  });
}
