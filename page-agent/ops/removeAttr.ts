// Context: page agent. h.removeAttr(name): removes this remixlet's mark from the page's own elements, or a
// real attribute from its own; the page's own attributes and a password field's locked ones stay.
import { markAttribute } from '../../contracts/dom/marks';
import type { OpHandler } from '../op-context';
import { checkPasswordLock, ownElement, requireMarkName } from '../policy/attributes';

export const removeAttr: OpHandler<'removeAttr'> = (op, ctx) => {
  const el = ctx.element(op.h);
  checkPasswordLock(el, op.name, ctx.name);
  if (ownElement(el, ctx)) {
    el.removeAttribute(op.name);
    return null;
  }
  requireMarkName(op.name, ctx.name);
  el.removeAttribute(markAttribute(ctx.scope.id, op.name));
  return null;
};
