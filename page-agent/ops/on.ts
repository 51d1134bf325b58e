// Context: page agent. h.on(type, …, { preventDefault, stopPropagation }): forwards serialized copies of an
// event (policy/event-copy.ts: no keys or value from a password field, and no event at all that typing or
// choosing makes in one). preventDefault and
// stopPropagation are declared up front because the sandbox answers too late to call them. At most 100
// copies a second per listener reach the sandbox; all listeners go with the sandbox. Events that a stylesheet
// alone starts (animations, transitions, content-visibility, scrolling as content shrinks or snaps) are not
// forwarded while the page has a password field that keeps what was typed or chosen where selectors see it
// (policy/password.ts, isPasswordStateField): a rule can start them when that state changes (as for h.rect).
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpHandler } from '../op-context';
import { deepTarget, eventCopy, typedIntoPasswordField } from '../policy/event-copy';
import { isPasswordField, pageHasPasswordStateField } from '../policy/password';

function startedAtPasswordField(e: Event): boolean {
  const at = deepTarget(e);
  return at !== undefined && isPasswordField(at);
}

const MAX_LISTENERS = 1_000;
const PER_SECOND = 100;
/** Events a stylesheet can start with no person acting (lower case, as the browser names them). */
export const STYLE_STARTED_EVENTS: ReadonlySet<string> = new Set([
  'animationstart',
  'animationend',
  'animationiteration',
  'animationcancel',
  'webkitanimationstart',
  'webkitanimationend',
  'webkitanimationiteration',
  'transitionrun',
  'transitionstart',
  'transitionend',
  'transitioncancel',
  'webkittransitionend',
  'contentvisibilityautostatechange',
  'scroll',
  'scrollend',
  'scrollsnapchange',
  'scrollsnapchanging',
]);

export const on: OpHandler<'on'> = (op, ctx) => {
  const el = ctx.element(op.h);
  const remixletId = ctx.scope.id;
  if (ctx.subscriptions.countFor(remixletId, 'l') >= MAX_LISTENERS) {
    throw new RemixletRefusal('TOO_MANY', `A remixlet may listen with at most ${MAX_LISTENERS} listeners on a page; listen on a common ancestor instead.`, ctx.name);
  }
  const id = ctx.subscriptions.nextId('l');
  const styleStarted = STYLE_STARTED_EVENTS.has(op.type.toLowerCase());
  let windowStart = 0;
  let sent = 0;
  const listener = (e: Event) => {
    if (op.preventDefault && e.cancelable) e.preventDefault();
    if (op.stopPropagation) e.stopPropagation();
    // Not forwarded, and not counted against the listener's rate either: how many there were is what they tell.
    if (typedIntoPasswordField(e)) return;
    const now = performance.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      sent = 0;
    }
    if (++sent > PER_SECOND) return;
    // At a password field itself such an event says when its state changed (autofill cleared by the first
    // keystroke ends a transition); anywhere on a page with a password state field, what typing changed.
    if (styleStarted && (pageHasPasswordStateField() || startedAtPasswordField(e))) return;
    ctx.subscriptions.emit({ kind: 'event', remixletId, listener: id, event: eventCopy(e, ctx.handles) });
  };
  el.addEventListener(op.type, listener);
  ctx.subscriptions.add(remixletId, id, () => el.removeEventListener(op.type, listener));
  return id;
};
