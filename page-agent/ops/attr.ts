// Context: page agent. h.attr(name): on the page's own elements a short name reads this remixlet's mark
// when it wrote one, else the page's own attribute; on its own elements, the real attribute. The value
// attribute of a password field reads empty.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { LIMITS } from '../../contracts/dom/ops';
import { markAttribute, MARK_NAME } from '../../contracts/dom/marks';
import type { OpHandler } from '../op-context';
import { isPasswordField, MASKED_MARK } from '../policy/password';

export const attr: OpHandler<'attr'> = (op, ctx) => {
  const el = ctx.element(op.h);
  if (op.name.toLowerCase() === 'value' && isPasswordField(el)) return '';
  // The page agent's own note on a field it remembers as masked is not the page's attribute.
  if (op.name.toLowerCase() === MASKED_MARK) return null;
  if (!ctx.handles.isCreated(el) && MARK_NAME.test(op.name)) {
    const mark = el.getAttribute(markAttribute(ctx.scope.id, op.name));
    if (mark !== null) return mark.slice(0, LIMITS.attrValueChars);
  }
  return el.getAttribute(op.name)?.slice(0, LIMITS.attrValueChars) ?? null;
};
