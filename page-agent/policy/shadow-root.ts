// Context: page agent. An element's shadow root, open or closed: content scripts have
// chrome.dom.openOrClosedShadowRoot; the page agent's own unit tests run in a plain page, where a stand-in
// provides it (or only open roots are seen). Trusts the browser's API.
export function shadowRootOf(el: Element): ShadowRoot | null {
  const api = (globalThis as unknown as { chrome?: { dom?: { openOrClosedShadowRoot?: (e: Element) => ShadowRoot | null } } }).chrome?.dom;
  return api?.openOrClosedShadowRoot ? api.openOrClosedShadowRoot(el) : el.shadowRoot;
}
