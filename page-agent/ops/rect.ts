// Context: page agent. h.rect(): the element's bounding rectangle in viewport coordinates.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import type { OpHandler } from '../op-context';

export const rect: OpHandler<'rect'> = (op, ctx) => {
  const r = ctx.element(op.h).getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
};
