// Context: page agent. h.show(): undoes hide().
import type { OpHandler } from '../op-context';

export const show: OpHandler<'show'> = (op, ctx) => {
  const el = ctx.element(op.h) as HTMLElement;
  if (el.style.getPropertyValue('display') === 'none') el.style.removeProperty('display');
  return null;
};
