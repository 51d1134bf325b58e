// Context: page agent. The serialized copy of a page event that h.on forwards: type, target handle, key,
// pointer position, and a form control's value. The target is never an element inside a password editor
// or select (policy/password.ts, reachableElement): its nearest ancestor that is not stands for it. An
// event from a password checkbox or radio button carries its type only. Keys and value are left out when the event comes from a
// password field, found through shadow roots (open or closed) to the element that really has focus.
// Trusts an event only for what the browser filled in; the page may dispatch events of its own.
import type { z } from 'zod';
import type { PageEventPayload } from '../../contracts/dom/ops';
import { LIMITS } from '../../contracts/dom/ops';
import type { HandleTable } from '../handles';
import { isPasswordField, isPasswordStateField, reachableElement } from './password';
import { parentElementOf } from './unclobbered';
import { shadowOf } from './shadow';

type Payload = z.infer<typeof PageEventPayload>;

/** The element the event really started at: inside shadow roots, the one with focus. */
export function deepTarget(e: Event): Element | undefined {
  const start = e.composedPath()[0] ?? e.target;
  if (!(start instanceof Element)) return undefined;
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

export function eventCopy(e: Event, handles: HandleTable): Payload {
  const copy: Payload = { type: e.type.slice(0, 64) };
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
