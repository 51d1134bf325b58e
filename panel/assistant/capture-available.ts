// Context: side panel. Whether capture_page can work for this chat: the browser captures only the visible
// tab of a window, so a chat opened in a tab of the chat tab's own window (where the chat opens when the
// side panel cannot) would hide the very page it captures. There the tool is not offered and the model
// is told why; in the side panel, or in a tab of another window, it is.
export async function captureAvailable(chatTabId: number): Promise<boolean> {
  const here = await chrome.tabs.getCurrent().catch(() => undefined);
  if (!here) return true;
  const chatTab = await chrome.tabs.get(chatTabId).catch(() => undefined);
  return !!chatTab && chatTab.windowId !== here.windowId;
}

export const NO_CAPTURE_NOTE =
  "capture_page is not available in this chat: the chat is open in a tab of the same window as the page, so the page is not visible while you work. Use outline_page, query_elements and inspect_styles to see it.";
