// Context: background service worker. capture_page: chrome.tabs.captureVisibleTab of the chat's window,
// only while the chat's tab is the one visible there, so a screenshot never shows another tab.
import { RemixletRefusal } from '../../contracts/refusals';
import type { ChatBinding } from '../../contracts/agent/chat';

export async function capture(chat: ChatBinding): Promise<{ dataUrl: string; width: number; height: number }> {
  const tab = await chrome.tabs.get(chat.tabId);
  if (!tab.active) throw new RemixletRefusal('NOT_APPLICABLE', "The chat's tab is not the visible tab of its window; bring it to the front to take a screenshot.");
  const dataUrl = await chrome.tabs.captureVisibleTab(tab.windowId, { format: 'jpeg', quality: 60 });
  return { dataUrl, width: tab.width ?? 0, height: tab.height ?? 0 };
}
