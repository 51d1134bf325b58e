// Context: background service worker. Keeps remixlets' network rules scoped to the right tabs as tabs
// navigate, and lets the worker open a tab whose navigation no remixlet rule touches. Registered
// synchronously at worker start (a restarted worker misses no navigation). Trusts the browser's tab and
// navigation events; only top-frame (frameId 0) events change what a tab is.
//
// The race at navigation, and the choice made: Chrome gives no way to hold a navigation until the rules
// are in place, so the order of events decides.
// - A tab heading for one of a remixlet's pages gets its rules at onBeforeNavigate, before the request for
//   the page is even sent: they are in place while the server answers, so the page's first subresources
//   are covered unless the worker is slower than the whole main-frame round trip (a cold worker against a
//   very fast server can be).
// - A tab heading anywhere else loses them at onBeforeNavigate too, so the next page's requests are never
//   the remixlet's to touch; the price is that the leaving page's last requests (an unload beacon) are not
//   covered either. Acting on less, never on more, is the side the source document's promise is on.
// - onCommitted then sets the tab from the address that actually committed (after redirects, or a
//   navigation that began before this worker did); history.pushState and fragment changes are
//   navigations within the document and re-scope it too; a navigation that fails or turns into a download
//   leaves the tab on its previous document, which is read back.
// Between onBeforeNavigate and the commit the tab still shows the previous document, so a same-site page
// that is not one of the remixlet's (shop.test/other on the way to shop.test/cart/) is covered for that
// moment; another site's page is not, because the rules also name the initiator domains.
import { rescopeNetRules, syncNetRules } from './install';
import { endExtensionNavigation, forgetTab, keepRulesOutOfTab, rereadTab, setTopUrl, startExtensionNavigation } from './tabs';
import { openBlankTab } from '../pages/blank-tab';

export function installNetRulesListeners(): void {
  chrome.webNavigation.onBeforeNavigate.addListener((d) => {
    if (d.frameId !== 0) return;
    setTopUrl(d.tabId, d.url);
    void rescopeNetRules();
  });
  chrome.webNavigation.onCommitted.addListener((d) => {
    if (d.frameId !== 0) return;
    setTopUrl(d.tabId, d.url);
    endExtensionNavigation(d.tabId, d.url);
    void rescopeNetRules();
  });
  const sameDocument = (d: { tabId: number; frameId: number; url: string }) => {
    if (d.frameId !== 0) return;
    setTopUrl(d.tabId, d.url);
    void rescopeNetRules();
  };
  chrome.webNavigation.onHistoryStateUpdated.addListener(sameDocument);
  chrome.webNavigation.onReferenceFragmentUpdated.addListener(sameDocument);
  chrome.webNavigation.onErrorOccurred.addListener((d) => {
    if (d.frameId !== 0) return;
    endExtensionNavigation(d.tabId, d.url);
    void rereadTab(d.tabId).then(rescopeNetRules);
  });
  chrome.tabs.onRemoved.addListener((tabId) => {
    forgetTab(tabId);
    void rescopeNetRules();
  });
  chrome.tabs.onReplaced.addListener((added, removed) => {
    forgetTab(removed);
    void rereadTab(added).then(rescopeNetRules);
  });
  // Session rules outlive a worker but not the browser, and this worker does not know what an earlier one
  // installed: check and install everything now, scoped to the tabs as they are.
  void syncNetRules();
}

/**
 * Opens a tab at `url` with no remixlet rule acting on that navigation: the tab starts empty, an
 * exemption for its main-frame request is installed, and only then is it sent to the address. The page's
 * own requests afterwards are a page's like any other.
 */
export async function openTabWithoutRules(url: string): Promise<void> {
  const tab = await openBlankTab();
  if (tab.id === undefined) return;
  await exemptNextNavigation(tab.id, url);
  await chrome.tabs.update(tab.id, { url });
}

/**
 * For any navigation the worker is about to start in a tab (chrome.tabs.update, a sign-in tab opened
 * blank): resolves once no remixlet rule can act on that tab's main-frame request; the exemption ends
 * when a navigation to a real address commits or fails there, or the tab closes.
 */
export async function exemptNextNavigation(tabId: number, url: string): Promise<void> {
  startExtensionNavigation(tabId, url);
  await rescopeNetRules();
}

/**
 * For a tab that is the extension's own for its whole life (the ChatGPT sign-in tab, opened blank): no
 * remixlet rule acts on anything in it, its main-frame navigations included, until it closes. Call before
 * sending it anywhere; resolves once the rules leave it out.
 */
export async function keepNetRulesOutOfTab(tabId: number): Promise<void> {
  await keepRulesOutOfTab(tabId);
  await rescopeNetRules();
}
