// Context: page agent. h.closest(sel): the element itself or its nearest ancestor matching a checked selector.
import type { OpHandler } from '../op-context';
import { checkSelector } from '../policy/selector';

export const closest: OpHandler<'closest'> = (op, ctx) => {
  checkSelector(op.sel, ctx.name, ctx.page);
  const el = ctx.element(op.h).closest(op.sel);
  return el ? ctx.handles.handleOf(el) : null;
};
