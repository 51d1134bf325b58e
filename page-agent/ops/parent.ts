// Context: page agent. h.parent(): the parent element, or null at the top of the page or of a detached tree.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import type { OpHandler } from '../op-context';

export const parent: OpHandler<'parent'> = (op, ctx) => {
  const p = ctx.element(op.h).parentElement;
  return p ? ctx.handles.handleOf(p) : null;
};
