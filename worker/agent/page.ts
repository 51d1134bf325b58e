// Context: background service worker. The page agent in the chat's tab: injected when the chat starts
// and again after the tab navigated within the site; the worker's page record (from the page agent's
// presence port, whose sender the browser fills in) says which document answers.
import { RemixletRefusal } from '../../contracts/refusals';
import { asRefusal } from '../../contracts/trpc-errors';
import type { ChatBinding } from '../../contracts/agent/chat';
import { pageFor, type PageRecord } from '../pages';
import { injectIntoChatTab } from '../registration';
import { siteOf } from '../store/settings';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function settled(tabId: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const tab = await chrome.tabs.get(tabId).catch(() => undefined);
    if (!tab || tab.status === 'complete') return;
    await sleep(100);
  }
}

export async function chatPage(chat: ChatBinding): Promise<PageRecord> {
  await settled(chat.tabId);
  const tab = await chrome.tabs.get(chat.tabId).catch(() => undefined);
  const current = pageFor(chat.tabId);
  if (current && siteOf(current.url) === chat.site && tab?.url && current.url.split('#')[0] === tab.url.split('#')[0]) return current;
  await injectIntoChatTab(chat.tabId).catch((e: unknown) => {
    throw new RemixletRefusal('NO_PAGE_AGENT', `Remixlet cannot reach this page: ${e instanceof Error ? e.message.slice(0, 200) : 'unknown'}.`);
  });
  for (let i = 0; i < 50; i++) {
    const page = pageFor(chat.tabId);
    if (page && page !== current && siteOf(page.url) === chat.site) return page;
    if (page && page === current && tab?.url && page.url.split('#')[0] === tab.url.split('#')[0]) return page;
    await sleep(100);
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
