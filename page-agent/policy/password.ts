// Context: page agent. What counts as a password field: type password, or autocomplete naming a current or
// new password; also a text field the page or a stylesheet masks (-webkit-text-security), which looks like
// a password field to the person typing into it, and stays one once text was typed while it was masked.
// Such a field reads as empty through every path. Trusts the DOM only.
import { shadowOf } from './shadow';

const masked = new WeakSet<Element>();
let watching = false;

function isTextField(el: Element): el is HTMLInputElement | HTMLTextAreaElement {
  return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement;
}

function looksMasked(el: Element): boolean {
  const security = getComputedStyle(el).getPropertyValue('-webkit-text-security');
  return security !== '' && security !== 'none';
}

/**
 * Remembers fields that were masked while someone typed, so unmasking one later (a class toggled away)
 * does not make what was typed readable. Capture on window: it runs before any listener a remixlet set
 * through h.on, whatever those stop.
 */
export function watchMaskedFields(): void {
  if (watching) return;
  watching = true;
  window.addEventListener(
    'input',
    (e) => {
      const target = e.composedPath()[0];
      if (target instanceof Element && isTextField(target) && looksMasked(target)) masked.add(target);
    },
    true,
  );
}

export function isPasswordField(el: Element): boolean {
  if (!isTextField(el)) return false;
  if (el instanceof HTMLInputElement) {
    if (el.type === 'password') return true;
    const tokens = (el.getAttribute('autocomplete') ?? '').toLowerCase().split(/\s+/);
    if (tokens.includes('current-password') || tokens.includes('new-password')) return true;
  }
  if (masked.has(el)) return true;
  if (el.isConnected && looksMasked(el)) {
    masked.add(el);
    return true;
  }
  return false;
}

export function pageHasPasswordField(doc: Document = document): boolean {
  for (const el of doc.querySelectorAll('input, textarea')) if (isPasswordField(el)) return true;
  return false;
}

const MAX_SHADOW_DEPTH = 32;

/**
 * A password field that is the element or lies inside it, also inside shadow roots (open or closed), and
 * that `counts` (by default every one): the element a remixlet must not move, since moving it can put the
 * field in another form.
 */
export function passwordFieldWithin(el: Element, counts: (field: Element) => boolean = () => true, depth = 0): Element | undefined {
  if (isPasswordField(el) && counts(el)) return el;
  for (const field of el.querySelectorAll('input, textarea')) if (isPasswordField(field) && counts(field)) return field;
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
