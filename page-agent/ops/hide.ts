// Context: page agent. h.hide(): hides the element with an important inline display, undone by show().
import type { OpHandler } from '../op-context';

export const hide: OpHandler<'hide'> = (op, ctx) => {
  const el = ctx.element(op.h) as HTMLElement;
  el.style.setProperty('display', 'none', 'important');
  return null;
};
