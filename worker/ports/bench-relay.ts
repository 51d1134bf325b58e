// Context: background service worker, benchmark builds only. Relays raw benchmark pings from the offscreen
// document to the page agent of the sandbox's own document and back; admitted only from the offscreen page.
import { tokens } from './tokens';
import { pageFor } from '../pages/pages';

const pagePorts = new Map<string, chrome.runtime.Port>();

export function serveBench(offscreen: chrome.runtime.Port): void {
  offscreen.onMessage.addListener(async (m: { sandboxId: string; i: number }) => {
    const rec = (await tokens.all()).map(([, r]) => r).find((r) => r.sandboxId === m.sandboxId);
    const page = rec ? pageFor(rec.tabId) : undefined;
    if (!rec || !page) return;
    let toPage = pagePorts.get(page.documentId);
    if (!toPage) {
      toPage = chrome.tabs.connect(page.tabId, { frameId: 0, documentId: page.documentId, name: 'bench' });
      toPage.onMessage.addListener((reply: { sandboxId: string; i: number }) => offscreen.postMessage(reply));
      toPage.onDisconnect.addListener(() => pagePorts.delete(page.documentId));
      pagePorts.set(page.documentId, toPage);
    }
    toPage.postMessage(m);
  });
}
