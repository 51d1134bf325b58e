// Context: page agent. What counts as a password field, one definition for every reader: a form control
// (input, textarea, select) or an editable element (contenteditable, and everything inside one) whose type
// is password or whose autocomplete names current-password or new-password; also a text field the page or
// a stylesheet masks (-webkit-text-security), which looks like a password field to the person typing into
// it, and stays one once text was typed while it was masked. Such a field reads as empty through every
// path (value, text, HTML, attributes, events). Trusts the DOM only.
// From the constants' own module, not value-selector.ts: this file is in what every page evaluates at once
// (main.ts watches masked fields from the start), and value-selector.ts would bring css-tree's parser,
// built as it loads, into every page's start rather than only where a selector is read.
import { MASKED_MARK } from '../../contracts/dom/password-css';
import { MAX_SHADOW_DEPTH, shadowOf, shadowRootsUnder } from './shadow';
import { attr, closestOf, inDesignMode, isEditable, parentElementOf } from './unclobbered';

/**
 * Every element that can be a password field or the editing host of one (in a document in designMode any
 * element with an autocomplete can); an element inside an editing host counts through its host.
 */
export const FIELD_CANDIDATES = 'input, textarea, select, [contenteditable], [autocomplete]';

const masked = new WeakSet<Element>();

/**
 * The attribute the page agent sets on a text field it remembers as masked (policy above, MASKED_MARK in
 * contracts/dom/value-selector.ts), so that the worker's user-origin pin sheet (worker/pages/password-pin.ts),
 * which sees only what CSS sees, pins its size, layout and font after a "show password" button unmasks it.
 * No remixlet can remove it (the page's own attributes stay: ops/removeAttr.ts), read it (ops/attr.ts,
 * serialize.ts) or select by it (a selector that names it is refused as one naming the value is). It goes on
 * when the masked field gets focus, before anything is typed, so its arrival says no more than focus does.
 */
export { MASKED_MARK };

function remember(el: HTMLInputElement | HTMLTextAreaElement, mark = true): void {
  if (!masked.has(el)) masked.add(el);
  if (!mark || el.hasAttribute(MASKED_MARK)) return;
  try {
    el.setAttribute(MASKED_MARK, '');
  } catch {
    // A page that made setAttribute throw keeps the field remembered here; only the pin is lost.
  }
}
let watching = false;
const MAX_EDITABLE_DEPTH = 512;

function isTextField(el: Element): el is HTMLInputElement | HTMLTextAreaElement {
  return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement;
}

function isFormControl(el: Element): el is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
  return isTextField(el) || el instanceof HTMLSelectElement;
}

function namesPassword(el: Element): boolean {
  const tokens = (attr(el, 'autocomplete') ?? '').toLowerCase().split(/[\t\n\f\r ]+/);
  return tokens.includes('current-password') || tokens.includes('new-password');
}

function looksMasked(el: Element): boolean {
  const security = getComputedStyle(el).getPropertyValue('-webkit-text-security');
  return security !== '' && security !== 'none';
}

/** An editable element that names a password, or lies inside one that does (its text is what was typed there). */
function inPasswordEditable(el: Element): boolean {
  // Most elements are in no editor: answered without asking the browser for editability (a style update).
  if (!inDesignMode(document) && closestOf(el, '[contenteditable]') === null) return false;
  let node: Element | null = el;
  for (let depth = 0; node && depth < MAX_EDITABLE_DEPTH; depth++, node = parentElementOf(node)) {
    if (!(node instanceof HTMLElement) || !isEditable(node)) return false;
    if (namesPassword(node)) return true;
  }
  // Deeper than any real editor nests: counted as one, so depth cannot hide a field.
  return node !== null;
}

/**
 * Remembers fields that were masked while someone typed, so unmasking one later (a class toggled away)
 * does not make what was typed readable. Capture on window: it runs before any listener a remixlet set
 * through h.on, whatever those stop.
 */
export function watchMaskedFields(): void {
  if (watching) return;
  watching = true;
  // The mark goes on when a masked field gets focus, before anything is typed: set on the first keystroke,
  // its arrival (an attribute a keep or a selector could see) would say when typing began.
  window.addEventListener(
    'focusin',
    (e) => {
      const target = e.composedPath()[0];
      if (target instanceof Element && isTextField(target) && looksMasked(target)) remember(target);
    },
    true,
  );
  // A field masked only once typing began is remembered (it reads empty from then on) but not marked now.
  window.addEventListener(
    'input',
    (e) => {
      const target = e.composedPath()[0];
      if (target instanceof Element && isTextField(target) && looksMasked(target)) remember(target, false);
    },
    true,
  );
}

export function isPasswordField(el: Element): boolean {
  if (!isFormControl(el)) return inPasswordEditable(el);
  if (el instanceof HTMLInputElement && el.type === 'password') return true;
  if (namesPassword(el)) return true;
  if (!isTextField(el)) return false;
  if (masked.has(el)) return true;
  if (el.isConnected && looksMasked(el)) {
    remember(el);
    return true;
  }
  return false;
}

/**
 * A password field that is an editable element or lies inside one, not a form control: its text is in the
 * page's DOM, so typing changes the DOM (mutations) and the boxes of what is inside it.
 */
export function isPasswordEditor(el: Element): boolean {
  return !isFormControl(el) && inPasswordEditable(el);
}

/** Whether a node (a mutation's target, an added node) is inside a password editor. */
export function inPasswordEditor(node: Node): boolean {
  const el = node instanceof Element ? node : node.parentElement;
  return el !== null && isPasswordEditor(el);
}

/**
 * Whether a remixlet may be given this element: not one inside a password editor (the elements an editor
 * makes as the person types, one per line or per formatted run, say how much and what was typed). The
 * editor itself may be given: its box is pinned (worker/pages/password-pin.ts) and its content reads empty.
 */
export function reachableElement(el: Element): boolean {
  const parent = parentElementOf(el);
  if (parent === null) return true;
  if (isPasswordEditor(parent)) return false;
  // What a password select holds (its options, and the copy of the chosen one a customizable select shows)
  // carries which one was chosen, through :checked or the copy's text.
  const select = closestOf(parent, 'select');
  return select === null || !isPasswordField(select);
}

/**
 * A password field that keeps what was typed or chosen where selectors see it, beyond its value: an
 * editable one (its children are what was typed: `:empty`, `:has()`), a select (`:checked` on the chosen
 * option, `:default`), a checkbox or radio button (`:checked`, `:indeterminate`). While the page has one,
 * those pseudo-classes are refused in dom selectors (contracts/dom/value-selector.ts,
 * selectorContentStateTest) and boxes and computed styles are not read (any stylesheet can tie them to that
 * state: ops/rect.ts, ops/computedStyle.ts).
 */
export function isPasswordStateField(el: Element): boolean {
  if (!isPasswordField(el)) return false;
  if (el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement) return el.type === 'checkbox' || el.type === 'radio';
  return !(el instanceof HTMLTextAreaElement);
}

/** Whether the page has a password state field (isPasswordStateField) anywhere, in shadow roots too. */
export function pageHasPasswordStateField(doc: Document = document): boolean {
  for (const el of doc.querySelectorAll(FIELD_CANDIDATES)) if (isPasswordStateField(el)) return true;
  for (const root of shadowRootsUnder(doc)) for (const el of root.querySelectorAll(FIELD_CANDIDATES)) if (isPasswordStateField(el)) return true;
  return false;
}

/** Whether the page has a password field anywhere: in the document or inside any shadow root, open or closed. */
export function pageHasPasswordField(doc: Document = document): boolean {
  for (const el of doc.querySelectorAll(FIELD_CANDIDATES)) if (isPasswordField(el)) return true;
  for (const root of shadowRootsUnder(doc)) for (const el of root.querySelectorAll(FIELD_CANDIDATES)) if (isPasswordField(el)) return true;
  return false;
}

/**
 * A password field that is the element or lies inside it, also inside shadow roots (open or closed), and
 * that `counts` (by default every one): the element a remixlet must not move, since moving it can put the
 * field in another form.
 */
export function passwordFieldWithin(el: Element, counts: (field: Element) => boolean = () => true, depth = 0): Element | undefined {
  if (isPasswordField(el) && counts(el)) return el;
  for (const field of el.querySelectorAll(FIELD_CANDIDATES)) if (isPasswordField(field) && counts(field)) return field;
  if (depth >= MAX_SHADOW_DEPTH) return undefined;
  const hosts = [el, ...el.querySelectorAll('*')];
  for (const host of hosts) {
    const root = shadowOf(host);
    if (!root) continue;
    for (const child of root.children) {
      const found = passwordFieldWithin(child, counts, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}
