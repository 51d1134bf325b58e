// Context: page agent. h.on(type, …, { preventDefault, stopPropagation }): forwards serialized copies of an
// event (policy/event-copy.ts: no keys or value from a password field). preventDefault and
// stopPropagation are declared up front because the sandbox answers too late to call them. At most 100
// copies a second per listener reach the sandbox; all listeners go with the sandbox.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpHandler } from '../op-context';
import { eventCopy } from '../policy/event-copy';

const MAX_LISTENERS = 1_000;
const PER_SECOND = 100;

export const on: OpHandler<'on'> = (op, ctx) => {
  const el = ctx.element(op.h);
  const remixletId = ctx.scope.id;
  if (ctx.subscriptions.countFor(remixletId, 'l') >= MAX_LISTENERS) {
    throw new RemixletRefusal('TOO_MANY', `A remixlet may listen with at most ${MAX_LISTENERS} listeners on a page; listen on a common ancestor instead.`, ctx.name);
  }
  const id = ctx.subscriptions.nextId('l');
  let windowStart = 0;
  let sent = 0;
  const listener = (e: Event) => {
    if (op.preventDefault && e.cancelable) e.preventDefault();
    if (op.stopPropagation) e.stopPropagation();
    const now = performance.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      sent = 0;
    }
    if (++sent > PER_SECOND) return;
    ctx.subscriptions.emit({ kind: 'event', remixletId, listener: id, event: eventCopy(e, ctx.handles) });
  };
  el.addEventListener(op.type, listener);
  ctx.subscriptions.add(remixletId, id, () => el.removeEventListener(op.type, listener));
  return id;
};
