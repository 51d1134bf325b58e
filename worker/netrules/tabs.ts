// Context: background service worker. Which document each tab's top frame shows (or is about to show),
// for scoping remixlets' network rules to tabs (worker/netrules/installable.ts), and which tabs the
// extension itself is navigating. Kept in memory and re-derived from chrome.tabs.query when a restarted
// worker first needs it; events that arrive meanwhile win over the query, which may be older. Trusts the
// browser's tab and navigation events.

const topUrls = new Map<number, string>();
/** Tabs an event has spoken about since this worker started: the first query must not overwrite them. */
const touched = new Set<number>();
let queried: Promise<void> | undefined;

/** Tab id → the address the extension is navigating it to, until that navigation commits or fails. */
const extensionNavigations = new Map<number, string>();
/** Tabs that are the extension's own for their whole life (a sign-in): no remixlet rule acts in them. Kept in session storage, so a restarted worker knows them. */
const keptOut = new Set<number>();
const KEPT_OUT_KEY = 'netrulesKeptOutTabs';

function queryOnce(): Promise<void> {
  queried ??= Promise.resolve()
    .then(async () => {
      const stored = (await chrome.storage.session.get(KEPT_OUT_KEY))[KEPT_OUT_KEY];
      if (Array.isArray(stored)) for (const id of stored) if (typeof id === 'number' && !touched.has(id)) keptOut.add(id);
      return chrome.tabs.query({});
    })
    .then(
      (tabs) => {
        for (const t of tabs) if (t.id !== undefined && t.url && !touched.has(t.id)) topUrls.set(t.id, t.url);
      },
      () => undefined,
    );
  return queried;
}

/** Keeps every remixlet rule out of a tab until it closes; resolves once that is stored (install it with rescopeNetRules). */
export async function keepRulesOutOfTab(tabId: number): Promise<void> {
  await queryOnce();
  keptOut.add(tabId);
  await chrome.storage.session.set({ [KEPT_OUT_KEY]: [...keptOut] });
}

export function keptOutTabs(): ReadonlySet<number> {
  return keptOut;
}

/** Every tab whose top document is known, with its address. */
export async function knownTabs(): Promise<ReadonlyMap<number, string>> {
  await queryOnce();
  return topUrls;
}

export function setTopUrl(tabId: number, url: string): void {
  touched.add(tabId);
  topUrls.set(tabId, url);
}

export function forgetTab(tabId: number): void {
  touched.add(tabId);
  topUrls.delete(tabId);
  extensionNavigations.delete(tabId);
  if (keptOut.delete(tabId)) void chrome.storage.session.set({ [KEPT_OUT_KEY]: [...keptOut] }).catch(() => undefined);
}

/** The top document after a navigation that did not commit: whatever the tab shows now. */
export async function rereadTab(tabId: number): Promise<void> {
  const frame = await chrome.webNavigation.getFrame({ tabId, frameId: 0 }).catch(() => null);
  if (frame?.url) setTopUrl(tabId, frame.url);
  else {
    const tab = await chrome.tabs.get(tabId).catch(() => undefined);
    if (tab?.url) setTopUrl(tabId, tab.url);
    else if (!tab) forgetTab(tabId);
  }
}

export function startExtensionNavigation(tabId: number, url: string): void {
  extensionNavigations.set(tabId, url);
}

/** Ends the exemption once a navigation to a real address committed or failed in that tab; about:blank is the tab's first empty document. */
export function endExtensionNavigation(tabId: number, url: string): boolean {
  if (!extensionNavigations.has(tabId) || url.startsWith('about:')) return false;
  extensionNavigations.delete(tabId);
  return true;
}

export function extensionNavigationTabs(): number[] {
  return [...extensionNavigations.keys()];
}
