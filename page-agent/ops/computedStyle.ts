// Context: page agent. h.computedStyle(props): the computed values of the named properties (custom
// properties too), each capped.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { LIMITS } from '../../contracts/dom/ops';
import type { OpHandler } from '../op-context';

export const computedStyle: OpHandler<'computedStyle'> = (op, ctx) => {
  const style = getComputedStyle(ctx.element(op.h));
  const out: Record<string, string> = {};
  for (const prop of op.props) out[prop] = style.getPropertyValue(prop).slice(0, LIMITS.computedValueChars);
  return out;
};
