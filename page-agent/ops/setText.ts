// Context: page agent. h.setText(): replaces the element's content with plain text (never markup).
import type { OpHandler } from '../op-context';

export const setText: OpHandler<'setText'> = (op, ctx) => {
  ctx.element(op.h).textContent = op.text;
  return null;
};
