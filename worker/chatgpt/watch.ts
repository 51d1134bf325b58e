// Context: background service worker. Registered at start (main.ts) so a worker that restarted during a
// sign-in still sees its answer. Every signal here comes from the browser (which tab, which address); a
// page cannot fake one into the sign-in tab. The answer normally arrives as a server redirect, which
// webNavigation.onBeforeNavigate does not report, so the request and error events are watched too; the
// session rule in account.ts blocks the request itself, so the code never reaches localhost:1455.
import { callbackSeen, tabClosed } from './account';

export function watchChatGptSignIn(): void {
  const seen = (d: { tabId: number; url: string; frameId?: number }): undefined => {
    if (d.tabId >= 0 && (d.frameId === undefined || d.frameId === 0)) void callbackSeen(d.tabId, d.url);
    return undefined;
  };
  const localhost = { urls: ['http://localhost/*'], types: ['main_frame' as chrome.webRequest.ResourceType] };
  chrome.webRequest.onBeforeRequest.addListener(seen, localhost);
  chrome.webRequest.onErrorOccurred.addListener(seen, localhost);
  chrome.webNavigation.onBeforeNavigate.addListener(seen);
  chrome.webNavigation.onErrorOccurred.addListener(seen);
  chrome.tabs.onUpdated.addListener((tabId, change) => {
    if (change.url) seen({ tabId, url: change.url });
  });
  chrome.tabs.onRemoved.addListener((tabId) => void tabClosed(tabId));
}
