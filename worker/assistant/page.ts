// Context: background service worker. The page agent in the chat's tab: injected when the chat starts
// and again after the tab loaded another document of the site. The document is identified by the id the
// browser reports for the tab's top frame, matched against the worker's page record (from the page
// agent's presence port, whose sender the browser fills in), never by anything a page says. Its site is
// checked on the address the browser reports for that same document when the worker is about to use it
// (a document's origin never changes), so a same-site address that redirected elsewhere stops the chat.
import { RemixletRefusal } from '../../contracts/refusals';
import { asRefusal } from '../../contracts/trpc-errors';
import { STOP_TEXT, type ChatBinding } from '../../contracts/assistant/chat';
import { pageArrival, pageFor, type PageRecord } from '../pages/pages';
import { injectIntoChatTab } from '../pages/registration';
import { siteOf } from '../store/settings';
import { stopChats } from './chats';
import { pinPasswordFields } from '../pages/password-pin';

/** How long the chat waits for its tab to finish loading, and then for the page agent of that document. */
const LOAD_WAIT_MS = 10_000;
const ARRIVAL_WAIT_MS = 5_000;

/** The tab once it has finished loading (told by chrome.tabs.onUpdated), or as it is when the wait ends; undefined once it is gone. */
function tabLoaded(tabId: number, waitMs = LOAD_WAIT_MS): Promise<chrome.tabs.Tab | undefined> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (tab: chrome.tabs.Tab | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      chrome.tabs.onUpdated.removeListener(onUpdated);
      chrome.tabs.onRemoved.removeListener(onRemoved);
      resolve(tab);
    };
    const onUpdated = (id: number, change: { status?: string }, tab: chrome.tabs.Tab) => {
      if (id === tabId && change.status === 'complete') done(tab);
    };
    const onRemoved = (id: number) => {
      if (id === tabId) done(undefined);
    };
    chrome.tabs.onUpdated.addListener(onUpdated);
    chrome.tabs.onRemoved.addListener(onRemoved);
    const timer = setTimeout(() => void chrome.tabs.get(tabId).then(done, () => done(undefined)), waitMs);
    // Asked after listening, so a load that finishes in between is not missed.
    chrome.tabs.get(tabId).then(
      (tab) => {
        if (tab.status === 'complete') done(tab);
      },
      () => done(undefined),
    );
  });
}

/**
 * The tab's top-frame document once it has finished loading (a navigation in flight is waited out),
 * refused unless the browser reports it committed on the chat's site: then the chat stops.
 */
async function loadedDocument(chat: ChatBinding): Promise<string | undefined> {
  const tab = await tabLoaded(chat.tabId);
  if (tab?.status !== 'complete') return undefined;
  const frame = await chrome.webNavigation.getFrame({ tabId: chat.tabId, frameId: 0 }).catch(() => null);
  if (frame && siteOf(frame.url) !== chat.site) {
    await stopChats((c) => c.chatId === chat.chatId, 'left-site');
    throw new RemixletRefusal('CHAT_STOPPED', STOP_TEXT['left-site']);
  }
  return frame?.documentId;
}

/** The chat's page, with its password fields' sizes pinned before the assistant measures anything (worker/pages/password-pin.ts). */
export async function chatPage(chat: ChatBinding): Promise<PageRecord> {
  const page = await chatPageRecord(chat);
  await pinPasswordFields(page.tabId, page.documentId);
  return page;
}

async function chatPageRecord(chat: ChatBinding): Promise<PageRecord> {
  let documentId = await loadedDocument(chat);
  const current = pageFor(chat.tabId);
  if (current && documentId && current.documentId === documentId) return current;
  await injectIntoChatTab(chat.tabId).catch((e: unknown) => {
    throw new RemixletRefusal('NO_PAGE_AGENT', `Remixlet cannot reach this page: ${e instanceof Error ? e.message.slice(0, 200) : 'unknown'}.`);
  });
  // The injected page agent says hello as it starts (pages.ts waits on that, not on a timer); a navigation
  // meanwhile brings another document, whose page agent is waited for in turn.
  for (let tries = 0; tries < 3 && documentId; tries++) {
    const page = await pageArrival(chat.tabId, documentId, ARRIVAL_WAIT_MS);
    if (page?.documentId === documentId) return page;
    const next = await loadedDocument(chat);
    if (next === documentId) break;
    documentId = next;
  }
  throw new RemixletRefusal('NO_PAGE_AGENT', 'The page did not answer; reload it and try again.');
}

/** A page agent's refusal keeps its code on the way to the panel (it arrives here as a tRPC error). */
export async function relay<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (e) {
    throw asRefusal(e);
  }
}
