// Context: offscreen document. Narrows frame-src from every extension page to the sandbox page alone. The
// extension id is known only at run time, and a CSP meta element inserted into head is enforced from then on,
// on top of the static policy in offscreen.html.
export const SANDBOX_PATH = 'sandbox/sandbox.html';

export function lockFrameSource(): void {
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = `frame-src ${chrome.runtime.getURL(SANDBOX_PATH)}`;
  document.head.append(meta);
}
