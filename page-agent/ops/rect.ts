// Context: page agent. h.rect(): the element's bounding rectangle in viewport coordinates.
import type { OpHandler } from '../op-context';

export const rect: OpHandler<'rect'> = (op, ctx) => {
  const r = ctx.element(op.h).getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
};
