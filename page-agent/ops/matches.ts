// Context: page agent. h.matches(sel): whether the element matches a checked selector.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import type { OpHandler } from '../op-context';
import { checkSelector } from '../policy/selector';

export const matches: OpHandler<'matches'> = (op, ctx) => {
  checkSelector(op.sel, ctx.name, ctx.page);
  return ctx.element(op.h).matches(op.sel);
};
