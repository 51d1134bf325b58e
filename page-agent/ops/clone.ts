// Context: page agent. h.clone(): a detached deep copy that the remixlet owns. Every password field in it
// starts empty; id, name, form and autofocus are left off, so the copy cannot stand in for the original
// (getElementById, form data) or take focus.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import type { OpHandler } from '../op-context';
import { blankPasswords } from '../policy/serialize';

const LEFT_OFF = ['id', 'name', 'form', 'autofocus'];

export const clone: OpHandler<'clone'> = (op, ctx) => {
  const original = ctx.element(op.h);
  const copy = original.cloneNode(true) as Element;
  blankPasswords(original, copy);
  for (const el of [copy, ...copy.querySelectorAll('*')]) for (const a of LEFT_OFF) el.removeAttribute(a);
  ctx.handles.markCreated(copy);
  return ctx.handles.handleOf(copy);
};
