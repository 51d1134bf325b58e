// Context: page agent. h.remove(): removes the element from the page.
import type { OpHandler } from '../op-context';

export const remove: OpHandler<'remove'> = (op, ctx) => {
  ctx.element(op.h).remove();
  return null;
};
