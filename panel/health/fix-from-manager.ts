// Context: manager page. "Fix it" from the manager, which belongs to no tab: opens the page the remixlet
// last failed on in a new tab, waits for it to load, hands the remixlet to that tab's chat, and opens the
// chat beside it in a tab of its own (the side panel opens only from a click on the page's own window).
import { requestFix } from './request-fix';

const LOAD_WAIT_MS = 30_000;

function loaded(tabId: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      chrome.tabs.onUpdated.removeListener(onUpdated);
      clearTimeout(timer);
      resolve();
    };
    const onUpdated = (id: number, change: { status?: string }) => id === tabId && change.status === 'complete' && done();
    const timer = setTimeout(done, LOAD_WAIT_MS);
    chrome.tabs.onUpdated.addListener(onUpdated);
    void chrome.tabs.get(tabId).then((t) => t.status === 'complete' && done(), done);
  });
}

export async function fixFromManager(remixletId: string, pageUrl: string): Promise<void> {
  const page = await chrome.tabs.create({ url: pageUrl });
  if (page.id === undefined) throw new Error('The browser did not open the page.');
  await loaded(page.id);
  await requestFix(page.id, remixletId);
  await chrome.tabs.create({ url: chrome.runtime.getURL(`panel/panel.html?tab=${page.id}`) });
}
