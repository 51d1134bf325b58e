// Context: page agent. The serialized copy of a page event that h.on forwards: type, target handle, key,
// pointer position, and a form control's value. The target is never an element inside a password editor
// or select (policy/password.ts, reachableElement): its nearest ancestor that is not stands for it. An
// event from a password checkbox or radio button carries its type only. Keys and value are left out when the event comes from a
// password field, found through shadow roots (open or closed) to the element that really has focus; an event
// that typing or choosing makes in a password field is not copied at all (typedIntoPasswordField).
// Trusts an event only for what the browser filled in; the page may dispatch events of its own.
import type { PageEventPayload } from '../../contracts/dom/ops';
import { LIMITS } from '../../contracts/dom/ops';
import type { HandleTable } from '../handles';
import { isPasswordField, isPasswordStateField, reachableElement } from './password';
import { parentElementOf } from './unclobbered';
import { shadowOf } from './shadow';

/** The element the event really started at: inside shadow roots, the one with focus. */
export function deepTarget(e: Event): Element | undefined {
  const start = e.composedPath()[0] ?? e.target;
  return start instanceof Element ? focusedWithin(start) : undefined;
}

/** The element itself, or, where it hosts a shadow root (open or closed), the one with focus inside it. */
function focusedWithin(start: Element): Element {
  let el: Element = start;
  for (let depth = 0; depth < 32; depth++) {
    const root = shadowOf(el);
    const inner = root?.activeElement;
    if (!inner || inner === el) break;
    el = inner;
  }
  return el;
}

const VALUE_EVENTS = new Set(['input', 'change', 'beforeinput', 'search', 'select']);

/** Events typing (or choosing) makes, whatever interface they come as; lower case, as the browser names them. */
const TYPING_EVENTS = new Set([...VALUE_EVENTS, 'keydown', 'keyup', 'keypress', 'textinput', 'compositionstart', 'compositionupdate', 'compositionend', 'selectionchange', 'selectstart']);

/** Events a scrolling element gets; a text field scrolls as what is typed outgrows it. */
const FIELD_SCROLL_EVENTS = new Set(['scroll', 'scrollend', 'scrollsnapchange', 'scrollsnapchanging']);

/**
 * Whether the event is one typing or choosing makes in a password field: how many there are, and when,
 * says how long the password is and how it was typed, so such an event is not forwarded at all (not even
 * without its key). Judged at the element it started at and at the one with focus, since some (a
 * document's selectionchange) start at no element.
 */
export function typedIntoPasswordField(e: Event): boolean {
  // A field scrolls its text as it grows past its box: one scroll a keystroke, at the field itself.
  if (FIELD_SCROLL_EVENTS.has(e.type.toLowerCase())) {
    const at = deepTarget(e);
    return at !== undefined && isPasswordField(at);
  }
  const typing = e instanceof KeyboardEvent || e instanceof InputEvent || e instanceof CompositionEvent || TYPING_EVENTS.has(e.type.toLowerCase());
  if (!typing) return false;
  const at = deepTarget(e);
  if (at !== undefined && isPasswordField(at)) return true;
  const doc = e.target instanceof Document ? e.target : e.target instanceof Node ? e.target.ownerDocument : null;
  const focused = doc?.activeElement ? focusedWithin(doc.activeElement) : undefined;
  return focused !== undefined && isPasswordField(focused);
}

export function eventCopy(e: Event, handles: HandleTable): PageEventPayload {
  const copy: PageEventPayload = { type: e.type.slice(0, 64) };
  const deep = deepTarget(e);
  const secret = deep !== undefined && isPasswordField(deep);
  // On a password checkbox or radio button, which one was pressed and where is the choice itself: such an
  // event arrives with its type only.
  if (secret && deep instanceof HTMLInputElement && isPasswordStateField(deep)) return copy;
  if (e.target instanceof Element) {
    // An element inside a password editor or select is never given (what typing made there): its nearest
    // ancestor that may be given stands for it.
    let target: Element | null = e.target;
    while (target && !reachableElement(target)) target = parentElementOf(target);
    try {
      if (target) copy.target = handles.handleOf(target);
    } catch {
      // Handle table full: the event still arrives, without a target.
    }
  }
  if (e instanceof KeyboardEvent && !secret) copy.key = e.key.slice(0, 32);
  if (e instanceof MouseEvent) {
    copy.clientX = e.clientX;
    copy.clientY = e.clientY;
  }
  if (VALUE_EVENTS.has(e.type) && !secret && deep && 'value' in deep && typeof deep.value === 'string') {
    copy.value = deep.value.slice(0, LIMITS.textChars);
  }
  return copy;
}
