// Context: background service worker (module). Entry point: listeners are registered synchronously at
// start so that a restarted worker misses no event; everything else lives in its own file.
import { listen } from './ports/connections';
import { setPageHooks, urlChanged } from './pages/pages';
import { documentCommitted, navigationFailed, navigationStarted, pageGone, reconcilePage, routePageEvent, stylesIn, tabClosed } from './pages/sandboxes';
import { syncRegistrations } from './pages/registration';
import { watchApprovals } from './activation/approvals';
import { ensureOffscreen } from './ports/offscreen-host';
import { resyncSandboxes } from './activation/resync';
import { installSeedingPath } from './activation/seed';
import { installServiceListeners } from './services/listeners';
import { watchChatTabs } from './assistant/chats';
import { watchChatGptSignIn } from './chatgpt/watch';
import { warmAnswerSchemas } from '../contracts/zod-answer';

// Answers are parsed here: their schemas are built now, at start, not on the first answer (contracts/zod-answer.ts).
warmAnswerSchemas();

setPageHooks({
  onArrived: (page, again) => {
    // A first hello: nothing has read or watched this document yet, so nothing can have been missed.
    void reconcilePage(page).then(() => (again ? resyncSandboxes(page) : undefined));
  },
  stylesIn,
  onGone: (tabId, documentId) => void pageGone(tabId, documentId),
  onEvent: (page, event) => void routePageEvent(page, event),
});
listen();
installServiceListeners();
installSeedingPath();
watchChatTabs();
watchChatGptSignIn();

const onSameDocumentNavigation = (d: { tabId: number; frameId: number; documentId?: string; url: string }) => {
  const page = urlChanged(d.tabId, d.frameId, d.documentId, d.url);
  if (page) void routePageEvent(page, { kind: 'navigated', url: d.url });
};
chrome.webNavigation.onHistoryStateUpdated.addListener(onSameDocumentNavigation);
chrome.webNavigation.onReferenceFragmentUpdated.addListener(onSameDocumentNavigation);
// Before the page agent arrives: the style.css of what runs there, and sandbox frames loading meanwhile.
// Not for a prerendered document: the tab still shows its page, whose sandboxes stay in charge until the
// prerendered one is shown and its page agent arrives.
chrome.webNavigation.onBeforeNavigate.addListener((d) => {
  if (d.frameId === 0 && d.documentLifecycle !== 'prerender') void navigationStarted(d.tabId, d.url);
});
chrome.webNavigation.onErrorOccurred.addListener((d) => {
  if (d.frameId === 0) void navigationFailed(d.tabId);
});
chrome.webNavigation.onCommitted.addListener((d) => {
  if (d.frameId === 0 && d.documentId && d.documentLifecycle !== 'prerender') void documentCommitted(d.tabId, d.documentId, d.url);
});

watchApprovals();
chrome.tabs.onRemoved.addListener((tabId) => void tabClosed(tabId));

chrome.runtime.onInstalled.addListener(() => void syncRegistrations());
chrome.runtime.onStartup.addListener(() => void syncRegistrations());
void ensureOffscreen();
