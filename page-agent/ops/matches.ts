// Context: page agent. h.matches(sel): whether the element matches a checked selector; with `>>>`, the
// hosts it sits in must match the parts before (policy/deep-select.ts).
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import type { OpHandler } from '../op-context';
import { checkSelector } from '../policy/selector';
import { matchesDeep } from '../policy/deep-select';

export const matches: OpHandler<'matches'> = (op, ctx) => {
  checkSelector(op.sel, ctx.name, ctx.page);
  return matchesDeep(ctx.element(op.h), op.sel);
};
