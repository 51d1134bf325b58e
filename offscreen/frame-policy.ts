// Context: offscreen document. Narrows frame-src from every extension page to the sandbox page alone. The
// extension id is known only at run time; a CSP meta element inserted into head is enforced from then on,
// on top of the static policy in offscreen.html (verified: a frame to a web address is refused by both).
// Chromium lets chrome-extension: addresses bypass CSP, so between extension pages this narrows nothing;
// there the guards are that every other extension page refuses to be framed (frame-ancestors 'none' in the
// manifest) and that a sandbox frame which loads a second document is torn down (sandboxes.ts).
export const SANDBOX_PATH = 'sandbox/sandbox.html';

export function lockFrameSource(): void {
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = `frame-src ${chrome.runtime.getURL(SANDBOX_PATH)}`;
  document.head.append(meta);
}
