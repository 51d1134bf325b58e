// Context: page agent. h.remove(): removes the element from the page.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import type { OpHandler } from '../op-context';

export const remove: OpHandler<'remove'> = (op, ctx) => {
  ctx.element(op.h).remove();
  return null;
};
