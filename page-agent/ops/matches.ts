// Context: page agent. h.matches(sel): whether the element matches a checked selector.
import type { OpHandler } from '../op-context';
import { checkSelector } from '../policy/selector';

export const matches: OpHandler<'matches'> = (op, ctx) => {
  checkSelector(op.sel, ctx.name, ctx.page);
  return ctx.element(op.h).matches(op.sel);
};
