// Context: background service worker. Opens an empty tab for the worker to send somewhere once its
// network rules are in place (schedules, the ChatGPT sign-in). Trusts only the browser's tab events.
//
// A tab created at about:blank is still committing that first empty document when tabs.create answers; a
// chrome.tabs.update sent in that moment can lose to it: the request goes out, but the tab stays on
// about:blank ("unloaded"). Waiting for the blank document to finish first avoids the race.

/** How long to wait for the blank document before sending the tab on anyway. */
const BLANK_LOAD_MS = 3_000;

export async function openBlankTab(props: { active?: boolean } = {}): Promise<chrome.tabs.Tab> {
  let resolveLoaded: () => void = () => undefined;
  const loaded = new Promise<void>((resolve) => (resolveLoaded = resolve));
  let tabId: number | undefined;
  const onUpdated = (id: number, change: { status?: string }) => {
    if (id === tabId && change.status === 'complete') resolveLoaded();
  };
  chrome.tabs.onUpdated.addListener(onUpdated);
  try {
    const tab = await chrome.tabs.create({ url: 'about:blank', ...props });
    tabId = tab.id;
    if (tab.id === undefined) return tab;
    // It may have finished before the listener knew its id; a tab already gone is not waited for.
    const now = await chrome.tabs.get(tab.id).catch(() => undefined);
    if (now && now.status !== 'complete') await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, BLANK_LOAD_MS))]);
    return tab;
  } finally {
    chrome.tabs.onUpdated.removeListener(onUpdated);
  }
}
