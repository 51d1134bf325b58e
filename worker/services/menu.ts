// Context: background service worker. rmx.menu: an entry in the page's context menu, shown only on the
// remixlet's pages, whose click reaches the handler of the remixlet's sandbox on that same page (found
// from the worker's own records of tab, document and token, never from anything the page says). A click
// is checked again as a call would be: the remixlet must exist, be on, hold the permission, and neither
// it nor the site may be paused.
import { RemixletRefusal } from '../../contracts/refusals';
import { SERVICE_LIMITS, menuListener, type MenuCall } from '../../contracts/boundaries/service-calls';
import { loadRemixlet, type ActiveRemixlet } from '../store/remixlets';
import { isSitePaused } from '../store/settings';
import { appendLog } from '../store/logs';
import { serialized } from '../store/db';
import { pageFor } from '../pages/pages';
import { tokens } from '../ports/tokens';
import { runVerdict } from '../activation/remixlet-state';
import { sendToOffscreen } from '../ports/offscreen-host';

const ITEMS_KEY = 'menuItems';
const itemId = (remixletId: string, id: string) => `rmx-menu:${remixletId}:${id}`;
const parseItemId = (raw: string | number) => {
  const m = /^rmx-menu:([a-z0-9]{8,16}):([A-Za-z0-9_-]{1,40})$/.exec(String(raw));
  return m ? { remixletId: m[1]!, id: m[2]! } : undefined;
};

async function items(): Promise<string[]> {
  const raw = (await chrome.storage.session.get(ITEMS_KEY))[ITEMS_KEY];
  return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : [];
}

export function menuCall(r: ActiveRemixlet, call: MenuCall): Promise<{ ok: true }> {
  return serialized('menu-items', async () => {
    const id = itemId(r.head.id, call.id);
    const known = await items();
    if (call.action === 'remove') {
      await chrome.contextMenus.remove(id).catch(() => undefined);
      await chrome.storage.session.set({ [ITEMS_KEY]: known.filter((k) => k !== id) });
      return { ok: true as const };
    }
    const mine = known.filter((k) => k.startsWith(itemId(r.head.id, '')));
    if (!mine.includes(id) && mine.length >= SERVICE_LIMITS.menuItemsPerRemixlet) {
      throw new RemixletRefusal('TOO_MANY', `A remixlet may add at most ${SERVICE_LIMITS.menuItemsPerRemixlet} menu entries.`);
    }
    const properties = { title: call.title, contexts: ['page', 'selection', 'link', 'image'] as ['page', 'selection', 'link', 'image'], documentUrlPatterns: r.manifest.matches };
    try {
      await chrome.contextMenus.create({ id, ...properties });
    } catch {
      // It exists already (this page, or an earlier one, added it): update it in place.
      await chrome.contextMenus.update(id, properties);
    }
    if (!known.includes(id)) await chrome.storage.session.set({ [ITEMS_KEY]: [...known, id] });
    return { ok: true as const };
  });
}

export function removeMenusOf(remixletId: string): Promise<void> {
  return serialized('menu-items', async () => {
    const known = await items();
    const mine = known.filter((k) => k.startsWith(itemId(remixletId, '')));
    for (const id of mine) await chrome.contextMenus.remove(id).catch(() => undefined);
    await chrome.storage.session.set({ [ITEMS_KEY]: known.filter((k) => !mine.includes(k)) });
  });
}

/** The contextMenus.onClicked listener (and, in test builds, what the harness calls in its place). */
export async function menuClicked(info: { menuItemId: string | number; frameId?: number }, tab: { id?: number } | undefined): Promise<void> {
  const names = parseItemId(info.menuItemId);
  if (!names) return;
  const loaded = await loadRemixlet(names.remixletId);
  if (!loaded.ok) {
    await chrome.contextMenus.remove(String(info.menuItemId)).catch(() => undefined);
    return;
  }
  const r = loaded.remixlet;
  const page = tab?.id !== undefined ? pageFor(tab.id) : undefined;
  const refuse = (code: RemixletRefusal['code'], why: string) => {
    const refusal = new RemixletRefusal(code, why, 'rmx.menu');
    return appendLog(r.head.id, { at: Date.now(), level: 'refusal', source: 'worker', message: `menu "${names.id}" click refused: ${why}`, refusal: refusal.toJSON(), url: page?.url });
  };
  if (!r.manifest.permissions.some((p) => p.name === 'menu')) return refuse('PERMISSION_MISSING', 'this version does not have the "menu" permission');
  // The remixlet's own state first (off, paused, not this page): that is why it does not run, whether or not
  // the tab's page agent is there yet (pausing reloads the tab, so a click can land between two documents).
  const url = page?.url ?? (tab?.id !== undefined ? await chrome.tabs.get(tab.id).then((t) => t.url || t.pendingUrl, () => undefined) : undefined);
  if (url) {
    const verdict = runVerdict(r, url, await isSitePaused(url));
    if (!verdict.runs) return refuse(verdict.code, verdict.reason);
  }
  if (!page) return refuse('NO_PAGE_AGENT', 'the remixlet is not running on this page');
  const token = (await tokens.all()).find(([, rec]) => rec.tabId === page.tabId && rec.documentId === page.documentId && rec.remixletId === r.head.id);
  if (!token) return refuse('NO_PAGE_AGENT', 'the remixlet is not running on this page');
  sendToOffscreen({ type: 'event', sandboxId: token[1].sandboxId, event: { kind: 'event', remixletId: r.head.id, listener: menuListener(names.id), event: { type: 'menu' } } });
}
