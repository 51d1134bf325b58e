// Context: page agent. An element's shadow root, open or closed: chrome.dom.openOrClosedShadowRoot in the
// content script (the page agent's own unit runs in a plain page, where only open roots are visible).
// Trusts the DOM only.
import { HTML_NS } from '../../contracts/dom/elements';

export function shadowOf(el: Element): ShadowRoot | null {
  // Only an HTML element can host a shadow root, and chrome.dom.openOrClosedShadowRoot throws on any other
  // (an <svg>, a <circle>, a MathML <mi>): those have none to find. Read by namespace, not instanceof, so
  // an element of another realm (an inert document, a frame) is judged the same way.
  if (el.namespaceURI !== HTML_NS) return null;
  const api = (globalThis as unknown as { chrome?: { dom?: { openOrClosedShadowRoot?: (e: Element) => ShadowRoot | null } } }).chrome?.dom;
  return api?.openOrClosedShadowRoot ? api.openOrClosedShadowRoot(el) : el.shadowRoot;
}
