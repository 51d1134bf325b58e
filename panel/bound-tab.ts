// Context: extension UI pages. Which tab a panel or popup is about: ?tab=<id> when opened bound to a tab
// (the harness and the popup's "open chat" link do this), else the active tab of the current window.
export async function boundTab(): Promise<chrome.tabs.Tab | undefined> {
  const param = new URLSearchParams(location.search).get('tab');
  if (param && /^\d+$/.test(param)) return chrome.tabs.get(Number(param)).catch(() => undefined);
  const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  return tab;
}
