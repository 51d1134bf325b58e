// Context: page agent. An element's shadow root, open or closed: chrome.dom.openOrClosedShadowRoot in the
// content script (the page agent's own unit runs in a plain page, where only open roots are visible).
// Trusts the DOM only.

export function shadowOf(el: Element): ShadowRoot | null {
  const api = (globalThis as unknown as { chrome?: { dom?: { openOrClosedShadowRoot?: (e: Element) => ShadowRoot | null } } }).chrome?.dom;
  return api?.openOrClosedShadowRoot ? api.openOrClosedShadowRoot(el) : el.shadowRoot;
}
