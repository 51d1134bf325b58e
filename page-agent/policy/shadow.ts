// Context: page agent. An element's shadow root, open or closed: chrome.dom.openOrClosedShadowRoot in the
// content script (the page agent's own unit runs in a plain page, where only open roots are visible), and
// every shadow root of a tree, however deeply nested. Trusts the DOM only.
import { HTML_NS } from '../../contracts/dom/elements';
import { descendants, localNameOf, queryAll, queryInRoot } from './unclobbered';

/** Built-in elements that may host a shadow root (attachShadow refuses every other); custom elements may too. */
const HOST_NAMES = new Set(['article', 'aside', 'blockquote', 'body', 'div', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'main', 'nav', 'p', 'section', 'span']);

/** Deeper than any real page nests components: counted as far as this, so depth cannot hide a password field for long. */
export const MAX_SHADOW_DEPTH = 32;

export function shadowOf(el: Element): ShadowRoot | null {
  // Only an HTML element can host a shadow root, and chrome.dom.openOrClosedShadowRoot throws on any other
  // (an <svg>, a <circle>, a MathML <mi>): those have none to find. Read by namespace, not instanceof, so
  // an element of another realm (an inert document, a frame) is judged the same way.
  if (el.namespaceURI !== HTML_NS) return null;
  const api = (globalThis as unknown as { chrome?: { dom?: { openOrClosedShadowRoot?: (e: Element) => ShadowRoot | null } } }).chrome?.dom;
  return api?.openOrClosedShadowRoot ? api.openOrClosedShadowRoot(el) : el.shadowRoot;
}

/** Whether the element could host a shadow root at all: most elements cannot, and asking the browser costs more than reading a name. */
function mayHost(el: Element): boolean {
  const name = localNameOf(el);
  return name.includes('-') || HOST_NAMES.has(name);
}

/** The shadow roots of these elements, and the roots nested in those, to MAX_SHADOW_DEPTH. */
export function shadowRootsOf(elements: Iterable<Element>, depth = 0): ShadowRoot[] {
  const out: ShadowRoot[] = [];
  if (depth >= MAX_SHADOW_DEPTH) return out;
  for (const el of elements) {
    if (!mayHost(el)) continue;
    const root = shadowOf(el);
    if (!root) continue;
    out.push(root, ...shadowRootsOf(queryInRoot(root, '*'), depth + 1));
  }
  return out;
}

/** Every shadow root in the tree under `node` (the node itself included when it is an element). */
export function shadowRootsUnder(node: Document | Element | ShadowRoot): ShadowRoot[] {
  if (node instanceof Document) return shadowRootsOf(queryAll('*', node));
  if (node instanceof ShadowRoot) return shadowRootsOf(queryInRoot(node, '*'));
  return shadowRootsOf([node, ...descendants(node)]);
}
