// Context: page agent. h.parent(): the parent element; at the top of a shadow root, the root's host (the
// way back out of `>>>`); null at the top of the page or of a detached tree.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import type { OpHandler } from '../op-context';
import { parentOrHost } from '../policy/unclobbered';

export const parent: OpHandler<'parent'> = (op, ctx) => {
  const p = parentOrHost(ctx.element(op.h));
  return p ? ctx.handles.handleOf(p) : null;
};
