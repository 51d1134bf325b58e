// Context: page agent (isolated world). Reads of elements that a page's own markup cannot redirect. A
// form's named fields shadow every property of the form, in the isolated world too: with
// <input name="action"> inside it, form.action is that input, and with <input name="parentElement">
// a walk up the tree loops. These readers call the prototypes' own getters and methods, so they answer
// what the element really is. Trusts the browser's prototypes (the page cannot reach the isolated
// world's), nothing on the element itself. Captured on first use: Node tests load this file without a DOM.

function getter<T>(proto: object, name: string): (el: unknown) => T {
  const get = Object.getOwnPropertyDescriptor(proto, name)?.get;
  if (!get) throw new Error(`no getter ${name}`);
  return (el) => get.call(el) as T;
}

function capture() {
  return {
    getAttribute: Element.prototype.getAttribute,
    getAttributeNS: Element.prototype.getAttributeNS,
    hasAttribute: Element.prototype.hasAttribute,
    elementQuerySelectorAll: Element.prototype.querySelectorAll,
    getElementsByTagName: Element.prototype.getElementsByTagName,
    documentQuerySelectorAll: Document.prototype.querySelectorAll,
    fragmentQuerySelectorAll: DocumentFragment.prototype.querySelectorAll,
    documentQuerySelector: Document.prototype.querySelector,
    elementQuerySelector: Element.prototype.querySelector,
    fragmentQuerySelector: DocumentFragment.prototype.querySelector,
    matches: Element.prototype.matches,
    getRootNode: Node.prototype.getRootNode,
    click: HTMLElement.prototype.click,
    parentNode: getter<Node | null>(Node.prototype, 'parentNode'),
    assignedSlot: getter<HTMLSlotElement | null>(Element.prototype, 'assignedSlot'),
    host: getter<Element>(ShadowRoot.prototype, 'host'),
    isConnected: getter<boolean>(Node.prototype, 'isConnected'),
    baseURI: getter<string>(Node.prototype, 'baseURI'),
    localName: getter<string>(Element.prototype, 'localName'),
    namespaceURI: getter<string | null>(Element.prototype, 'namespaceURI'),
    id: getter<string>(Element.prototype, 'id'),
    textContent: getter<string | null>(Node.prototype, 'textContent'),
    attributes: getter<NamedNodeMap>(Element.prototype, 'attributes'),
    childNodes: getter<NodeListOf<ChildNode>>(Node.prototype, 'childNodes'),
    getBoundingClientRect: Element.prototype.getBoundingClientRect,
    checkVisibility: Element.prototype.checkVisibility,
    formAction: getter<string>(HTMLFormElement.prototype, 'action'),
    formMethod: getter<string>(HTMLFormElement.prototype, 'method'),
    isContentEditable: getter<boolean>(HTMLElement.prototype, 'isContentEditable'),
    closest: Element.prototype.closest,
    contains: Node.prototype.contains,
    designMode: getter<string>(Document.prototype, 'designMode'),
  };
}
let captured: ReturnType<typeof capture> | undefined;
const native = () => (captured ??= capture());

export const localNameOf = (el: Element): string => native().localName(el);
export const namespaceOf = (el: Element): string | null => native().namespaceURI(el);
export const idOf = (el: Element): string => native().id(el);
export const textOf = (node: Node): string | null => native().textContent(node);
/** The form's submission address, resolved as the browser does (no action attribute: the document's URL). */
export const formActionOf = (form: HTMLFormElement): string => native().formAction(form);
/** "get", "post" or "dialog", as the browser reads the method attribute. */
export const formMethodOf = (form: HTMLFormElement): string => native().formMethod(form);

export function attr(el: Element, name: string): string | null {
  return native().getAttribute.call(el, name);
}

export function attrNS(el: Element, ns: string, name: string): string | null {
  return native().getAttributeNS.call(el, ns, name);
}

export function hasAttr(el: Element, name: string): boolean {
  return native().hasAttribute.call(el, name);
}

/** Whether the element is editable (contenteditable, designMode), as the browser decides it. */
export function isEditable(el: HTMLElement): boolean {
  return native().isContentEditable(el);
}

/** Whether the whole document is editable (a document's named elements shadow its properties too). */
export function inDesignMode(doc: Document): boolean {
  return native().designMode(doc) === 'on';
}

/** The nearest inclusive ancestor matching selector (not across shadow roots). */
export function closestOf(el: Element, selector: string): Element | null {
  return native().closest.call(el, selector);
}

export function isConnected(node: Node): boolean {
  return native().isConnected(node);
}

export function documentBase(doc: Document = document): string {
  return native().baseURI(doc);
}

export function queryAll(selector: string, doc: Document = document): Element[] {
  return [...(native().documentQuerySelectorAll.call(doc, selector) as NodeListOf<Element>)];
}

/** The element's parent element (null at the top or when its parent is a document or shadow root). */
export function parentElementOf(el: Element): Element | null {
  const parent = native().parentNode(el);
  return parent instanceof Element ? parent : null;
}

/** The element's child elements, in order. */
export function childElementsOf(el: Element): Element[] {
  return [...(native().elementQuerySelectorAll.call(el, ':scope > *') as NodeListOf<Element>)];
}

/** The element's attributes. */
export function attributesOf(el: Element): Attr[] {
  return [...native().attributes(el)];
}

/** The element's classes, as its class attribute lists them. */
export function classesOf(el: Element): string[] {
  return (attr(el, 'class') ?? '').split(/[\t\n\f\r ]+/).filter(Boolean);
}

/** The node's child nodes, in order. */
export function childNodesOf(node: Node): ChildNode[] {
  return [...native().childNodes(node)];
}

export function rectOf(el: Element): DOMRect {
  return native().getBoundingClientRect.call(el);
}

export function checkVisibilityOf(el: Element, options: CheckVisibilityOptions): boolean {
  return native().checkVisibility.call(el, options);
}

/** The elements of a shadow root that match selector, in tree order (not into shadow roots inside it). */
export function queryInRoot(root: ShadowRoot, selector: string): Element[] {
  return [...(native().fragmentQuerySelectorAll.call(root, selector) as NodeListOf<Element>)];
}

/** The first element under a document, element or shadow root that matches selector (not into shadow roots). */
export function firstIn(root: Document | Element | ShadowRoot, selector: string): Element | null {
  const n = native();
  const query = root instanceof Document ? n.documentQuerySelector : root instanceof ShadowRoot ? n.fragmentQuerySelector : n.elementQuerySelector;
  return query.call(root, selector) as Element | null;
}

/** Whether the element matches selector in its own tree. */
export function matchesOf(el: Element, selector: string): boolean {
  return native().matches.call(el, selector);
}

/** The shadow root the node sits in, or null when it sits in a document or a detached tree. */
export function shadowRootAround(node: Node): ShadowRoot | null {
  const root = native().getRootNode.call(node);
  return root instanceof ShadowRoot ? root : null;
}

/** The element whose shadow root this is. */
export function hostOf(root: ShadowRoot): Element {
  return native().host(root);
}

/** The element's parent, or across a shadow root's top the root's host: one step of the page's whole tree. */
export function parentOrHost(el: Element): Element | null {
  const parent = native().parentNode(el);
  if (parent instanceof Element) return parent;
  return parent instanceof ShadowRoot ? native().host(parent) : null;
}

/** The elements under `el` that match selector, in document order (not into shadow roots). */
export function queryWithin(el: Element, selector: string): Element[] {
  return [...(native().elementQuerySelectorAll.call(el, selector) as NodeListOf<Element>)];
}

/** Whether `inner` is `outer` or inside it, even when a form's field is named "contains". */
export function contains(outer: Node, inner: Node): boolean {
  return native().contains.call(outer, inner);
}

/** How many elements are under `el` (not into shadow roots), without listing them: a live count. */
export function elementCountWithin(el: Element): number {
  return native().getElementsByTagName.call(el, '*').length;
}

/** Every element under `el`, in document order (not into shadow roots). */
export function descendants(el: Element): Element[] {
  return [...(native().elementQuerySelectorAll.call(el, '*') as NodeListOf<Element>)];
}

/**
 * The next element a click event passes on its way up (the composed path): the slot an element is
 * assigned to, else its parent, else the host of the shadow root it sits in.
 */
export function composedParent(el: Element): Element | null {
  const n = native();
  const slot = n.assignedSlot(el);
  if (slot) return slot;
  const parent = n.parentNode(el);
  if (parent instanceof Element) return parent;
  if (parent instanceof ShadowRoot) return n.host(parent);
  return null;
}

/** A click as HTMLElement.click() makes it, even on a form whose field is named "click". */
export function clickElementOf(el: HTMLElement): void {
  native().click.call(el);
}
