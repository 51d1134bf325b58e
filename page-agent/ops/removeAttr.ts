// Context: page agent. h.removeAttr(name): removes this remixlet's mark from the page's own elements, or a
// real attribute from its own; the page's own attributes, a password field's locked ones and a created
// button's type stay.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { markAttribute } from '../../contracts/dom/marks';
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpHandler } from '../op-context';
import { checkPasswordLock, ownElement, requireMarkName } from '../policy/attributes';

export const removeAttr: OpHandler<'removeAttr'> = (op, ctx) => {
  const el = ctx.element(op.h);
  checkPasswordLock(el, op.name, ctx.name);
  const own = ownElement(el, ctx);
  if (own) {
    // Without its type a button submits the form it sits in; the remixlet's own buttons never do.
    if (own.localName === 'button' && op.name.toLowerCase() === 'type') {
      throw new RemixletRefusal('ATTRIBUTE_REFUSED', 'A button the remixlet created keeps type="button", so it never submits a form.', ctx.name);
    }
    el.removeAttribute(op.name);
    return null;
  }
  requireMarkName(op.name, ctx.name);
  el.removeAttribute(markAttribute(ctx.scope.id, op.name));
  return null;
};
