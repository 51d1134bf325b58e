// Context: page agent (isolated world). Reads of elements that a page's own markup cannot redirect. A
// form's named fields shadow every property of the form, in the isolated world too: with
// <input name="action"> inside it, form.action is that input, and with <input name="parentElement">
// a walk up the tree loops. These readers call the prototypes' own getters and methods, captured when
// the page agent loaded, so they answer what the element really is. Trusts the browser's prototypes
// (the page cannot reach the isolated world's), nothing on the element itself.

function getter<T>(proto: object, name: string): (el: unknown) => T {
  const get = Object.getOwnPropertyDescriptor(proto, name)?.get;
  if (!get) throw new Error(`no getter ${name}`);
  return (el) => get.call(el) as T;
}

const getAttribute = Element.prototype.getAttribute;
const getAttributeNS = Element.prototype.getAttributeNS;
const hasAttribute = Element.prototype.hasAttribute;
const parentNodeOf = getter<Node | null>(Node.prototype, 'parentNode');
const assignedSlotOf = getter<HTMLSlotElement | null>(Element.prototype, 'assignedSlot');
const hostOf = getter<Element>(ShadowRoot.prototype, 'host');
const isConnectedOf = getter<boolean>(Node.prototype, 'isConnected');

export const localNameOf = getter<string>(Element.prototype, 'localName');
export const namespaceOf = getter<string | null>(Element.prototype, 'namespaceURI');
export const idOf = getter<string>(Element.prototype, 'id');
export const textOf = getter<string | null>(Node.prototype, 'textContent');
/** The form's submission address, resolved as the browser does (no action attribute: the document's URL). */
export const formActionOf = getter<string>(HTMLFormElement.prototype, 'action');
/** "get", "post" or "dialog", as the browser reads the method attribute. */
export const formMethodOf = getter<string>(HTMLFormElement.prototype, 'method');
const baseURIOf = getter<string>(Node.prototype, 'baseURI');
const querySelectorAll = Document.prototype.querySelectorAll;
const elementQuerySelectorAll = Element.prototype.querySelectorAll;
const click = HTMLElement.prototype.click;

export function attr(el: Element, name: string): string | null {
  return getAttribute.call(el, name);
}

export function attrNS(el: Element, ns: string, name: string): string | null {
  return getAttributeNS.call(el, ns, name);
}

export function hasAttr(el: Element, name: string): boolean {
  return hasAttribute.call(el, name);
}

export function isConnected(node: Node): boolean {
  return isConnectedOf(node);
}

export function documentBase(doc: Document = document): string {
  return baseURIOf(doc);
}

export function queryAll(selector: string, doc: Document = document): Element[] {
  return [...(querySelectorAll.call(doc, selector) as NodeListOf<Element>)];
}

/** Every element under `el`, in document order (not into shadow roots). */
export function descendants(el: Element): Element[] {
  return [...(elementQuerySelectorAll.call(el, '*') as NodeListOf<Element>)];
}

/**
 * The next element a click event passes on its way up (the composed path): the slot an element is
 * assigned to, else its parent, else the host of the shadow root it sits in.
 */
export function composedParent(el: Element): Element | null {
  const slot = assignedSlotOf(el);
  if (slot) return slot;
  const parent = parentNodeOf(el);
  if (parent instanceof Element) return parent;
  if (parent instanceof ShadowRoot) return hostOf(parent);
  return null;
}

/** A click as HTMLElement.click() makes it, even on a form whose field is named "click". */
export function clickElementOf(el: HTMLElement): void {
  click.call(el);
}
