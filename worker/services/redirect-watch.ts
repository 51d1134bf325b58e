// Context: background service worker. Reads where a redirect of one of rmx.fetch's own requests points.
// The worker fetches with redirect: 'manual', so Chromium never sends the redirected request, and the
// opaque answer it gets carries no Location; the same response seen through chrome.webRequest (observation
// only) does. Trusts only events whose initiator is this extension and whose tab is none (the worker),
// for the exact address it asked for.
export interface RedirectSeen {
  status: number;
  location: string;
}

const withoutHash = (u: string): string => {
  try {
    const url = new URL(u);
    url.hash = '';
    return url.href;
  } catch {
    return u;
  }
};

/** Listens for the redirect of one request to `url`; call before sending it, and stop() afterwards. */
export function watchRedirect(url: URL): { seen(waitMs: number): Promise<RedirectSeen | undefined>; stop(): void } {
  const ownOrigin = chrome.runtime.getURL('').replace(/\/$/, '');
  const want = withoutHash(url.href);
  let found: RedirectSeen | undefined;
  let wake: (() => void) | undefined;
  const ours = (d: { url: string; initiator?: string; tabId: number }) => d.tabId === -1 && d.initiator === ownOrigin && withoutHash(d.url) === want;
  const onHeaders = (d: chrome.webRequest.OnHeadersReceivedDetails): undefined => {
    if (!ours(d) || d.statusCode < 300 || d.statusCode > 399) return undefined;
    const location = d.responseHeaders?.find((h) => h.name.toLowerCase() === 'location')?.value;
    if (location !== undefined) {
      found ??= { status: d.statusCode, location };
      wake?.();
    }
    return undefined;
  };
  // A second source for the same fact: Chromium reports the redirect it declined to follow here too.
  const onRedirect = (d: chrome.webRequest.OnBeforeRedirectDetails) => {
    if (!ours(d)) return;
    found ??= { status: d.statusCode, location: d.redirectUrl };
    wake?.();
  };
  const filter = { urls: [`${url.protocol}//${url.hostname}/*`], tabId: -1 };
  chrome.webRequest.onHeadersReceived.addListener(onHeaders, filter, ['responseHeaders']);
  chrome.webRequest.onBeforeRedirect.addListener(onRedirect, filter);
  return {
    async seen(waitMs) {
      if (!found) {
        // The event and the fetch answer travel separately; give the event a moment to arrive.
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, waitMs);
        });
      }
      return found;
    },
    stop() {
      chrome.webRequest.onHeadersReceived.removeListener(onHeaders);
      chrome.webRequest.onBeforeRedirect.removeListener(onRedirect);
    },
  };
}
