// Context: background service worker. Decides who is on the other end of a port from what the browser
// fills in (sender.id, sender.origin, sender.url, sender.tab, sender.frameId, sender.documentId,
// sender.documentLifecycle) and
// nothing else: a port's name is only a hint, checked against the sender.
export type Role = 'offscreen' | 'ui' | 'page-agent';

const UI_PAGES = new Set(['/panel/panel.html', '/panel/popup.html', '/panel/manager.html']);
const OFFSCREEN_PAGE = '/offscreen/offscreen.html';

export type SenderVerdict = { ok: true; role: Role } | { ok: false; reason: string };

export function classifySender(name: string, sender: chrome.runtime.MessageSender, extensionId: string): SenderVerdict {
  const extensionOrigin = `chrome-extension://${extensionId}`;
  if (sender.id !== extensionId) return { ok: false, reason: 'sender is not this extension' };
  let url: URL;
  try {
    url = new URL(sender.url ?? '');
  } catch {
    return { ok: false, reason: 'sender has no address' };
  }
  // url.origin of a chrome-extension: URL is opaque outside Chrome, so compare scheme and host.
  const fromExtensionPage = sender.origin === extensionOrigin && url.protocol === 'chrome-extension:' && url.host === extensionId;
  if (name === 'offscreen') {
    if (fromExtensionPage && url.pathname === OFFSCREEN_PAGE && !sender.tab) return { ok: true, role: 'offscreen' };
    return { ok: false, reason: `a port named offscreen from ${url.origin}${url.pathname}` };
  }
  if (name === 'ui') {
    // The manager may be open in a tab; it is still an extension page at a known path.
    if (fromExtensionPage && UI_PAGES.has(url.pathname)) return { ok: true, role: 'ui' };
    return { ok: false, reason: `a port named ui from ${url.origin}${url.pathname}` };
  }
  if (name === 'page-agent') {
    const isWebPage = (url.protocol === 'http:' || url.protocol === 'https:') && sender.origin !== extensionOrigin;
    // A prerendered page is not what the tab shows: taken for the tab's page, it would replace the one shown
    // (and its sandboxes). Its page agent says hello once it is shown (page-agent/main.ts).
    if ((sender as { documentLifecycle?: string }).documentLifecycle === 'prerender') {
      return { ok: false, reason: 'a page agent port from a page being prerendered' };
    }
    if (isWebPage && sender.tab?.id !== undefined && sender.frameId === 0 && typeof sender.documentId === 'string') {
      return { ok: true, role: 'page-agent' };
    }
    return { ok: false, reason: 'a page agent port must come from the top frame of a web page' };
  }
  return { ok: false, reason: `unknown port name` };
}
