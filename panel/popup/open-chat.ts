// Context: toolbar popup. Opens the side panel chat for the popup's tab. chrome.sidePanel.open only works
// inside the click's user gesture, so it is the first call in the handler, with nothing awaited before it;
// where the browser refuses it, the chat opens in a tab bound to the same page instead.
export function openChat(tabId: number): void {
  chrome.sidePanel.open({ tabId }).catch(() => chrome.tabs.create({ url: chrome.runtime.getURL(`panel/panel.html?tab=${tabId}`) }));
}
