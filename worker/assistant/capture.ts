// Context: background service worker. capture_page: chrome.tabs.captureVisibleTab of the chat's window,
// only while the chat's tab is the one visible there and shows the chat's site, checked just before and
// again just after the capture, so a screenshot never shows another tab or another site.
import { RemixletRefusal } from '../../contracts/refusals';
import { STOP_TEXT, type ChatBinding } from '../../contracts/assistant/chat';
import { siteOf } from '../store/settings';
import { stopChats } from './chats';

async function visibleOnChatSite(chat: ChatBinding): Promise<chrome.tabs.Tab> {
  const tab = await chrome.tabs.get(chat.tabId);
  if (siteOf(tab.pendingUrl ?? tab.url ?? '') !== chat.site) {
    await stopChats((c) => c.chatId === chat.chatId, 'left-site');
    throw new RemixletRefusal('CHAT_STOPPED', STOP_TEXT['left-site']);
  }
  if (!tab.active) throw new RemixletRefusal('NOT_APPLICABLE', "The chat's tab is not the visible tab of its window; bring it to the front to take a screenshot.");
  return tab;
}

export async function capture(chat: ChatBinding): Promise<{ dataUrl: string; width: number; height: number }> {
  const tab = await visibleOnChatSite(chat);
  const dataUrl = await chrome.tabs.captureVisibleTab(tab.windowId, { format: 'jpeg', quality: 60 });
  await visibleOnChatSite(chat);
  return { dataUrl, width: tab.width ?? 0, height: tab.height ?? 0 };
}
