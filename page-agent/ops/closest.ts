// Context: page agent. h.closest(sel): the element itself or its nearest ancestor matching a checked
// selector, walking out of a shadow root to its host (policy/deep-select.ts).
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import type { OpHandler } from '../op-context';
import { checkSelector } from '../policy/selector';
import { closestDeep } from '../policy/deep-select';

export const closest: OpHandler<'closest'> = (op, ctx) => {
  checkSelector(op.sel, ctx.name, ctx.page);
  const el = closestDeep(ctx.element(op.h), op.sel);
  return el ? ctx.handles.handleOf(el) : null;
};
