// Context: background service worker. The page agent in the chat's tab: injected when the chat starts
// and again after the tab loaded another document of the site. The document is identified by the id the
// browser reports for the tab's top frame, matched against the worker's page record (from the page
// agent's presence port, whose sender the browser fills in), never by anything a page says. Its site is
// checked on the address the browser reports for that same document when the worker is about to use it
// (a document's origin never changes), so a same-site address that redirected elsewhere stops the chat.
import { RemixletRefusal } from '../../contracts/refusals';
import { asRefusal } from '../../contracts/trpc-errors';
import { STOP_TEXT, type ChatBinding } from '../../contracts/agent/chat';
import { pageFor, type PageRecord } from '../pages';
import { injectIntoChatTab } from '../registration';
import { siteOf } from '../store/settings';
import { stopChats } from './chats';
import { pinPasswordFields } from '../password-pin';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The tab's top-frame document once it has finished loading (a navigation in flight is waited out),
 * refused unless the browser reports it committed on the chat's site: then the chat stops.
 */
async function loadedDocument(chat: ChatBinding): Promise<string | undefined> {
  for (let i = 0; i < 100; i++) {
    const tab = await chrome.tabs.get(chat.tabId).catch(() => undefined);
    if (!tab) return undefined;
    if (tab.status === 'complete') {
      const frame = await chrome.webNavigation.getFrame({ tabId: chat.tabId, frameId: 0 }).catch(() => null);
      if (frame && siteOf(frame.url) !== chat.site) {
        await stopChats((c) => c.chatId === chat.chatId, 'left-site');
        throw new RemixletRefusal('CHAT_STOPPED', STOP_TEXT['left-site']);
      }
      return frame?.documentId;
    }
    await sleep(100);
  }
  return undefined;
}

/** The chat's page, with its password fields' sizes pinned before the agent measures anything (worker/password-pin.ts). */
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
  for (let i = 0; i < 50; i++) {
    const page = pageFor(chat.tabId);
    if (page && page.documentId === documentId) return page;
    await sleep(100);
    documentId = await loadedDocument(chat);
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
