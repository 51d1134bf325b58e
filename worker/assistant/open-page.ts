// Context: background service worker. open_page: another address on the chat's site, loaded in the
// chat's tab. An address on any other host is refused before the tab moves, so the chat never leaves
// its site by its own tool.
import { RemixletRefusal } from '../../contracts/refusals';
import type { ChatBinding } from '../../contracts/assistant/chat';
import { chatPage, relay } from './page';
import { exemptNextNavigation } from '../netrules/listeners';

export async function openPage(chat: ChatBinding, address: string): Promise<{ url: string; title: string }> {
  const tab = await chrome.tabs.get(chat.tabId);
  let url: URL;
  try {
    url = new URL(address, tab.url);
  } catch {
    throw new RemixletRefusal('ADDRESS_REFUSED', 'That is not an address.');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname !== chat.site) {
    throw new RemixletRefusal('ADDRESS_REFUSED', `open_page stays on ${chat.site}; ${url.hostname || url.protocol} is another site.`);
  }
  const before = (await chrome.webNavigation.getFrame({ tabId: chat.tabId, frameId: 0 }).catch(() => null))?.documentId;
  const sameDocument = tab.url !== undefined && tab.url.split('#')[0] === url.href.split('#')[0] && url.hash !== '';
  // Remixlet itself sends this navigation, so no remixlet's network rule may act on it.
  await exemptNextNavigation(chat.tabId, url.href);
  await chrome.tabs.update(chat.tabId, { url: url.href });
  // tabs.update resolves before the old document goes; wait for the new one so the page agent asked is the new page's.
  for (let i = 0; i < 50 && !sameDocument; i++) {
    const now = (await chrome.webNavigation.getFrame({ tabId: chat.tabId, frameId: 0 }).catch(() => null))?.documentId;
    if (now && now !== before) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const page = await chatPage(chat);
  const status = await relay(page.agent.status({}));
  return { url: status.url, title: status.title };
}
