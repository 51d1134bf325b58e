// Context: page agent. h.rect(): the element's bounding rectangle in viewport coordinates. The box of a
// password editor (an editable element that names a password, or anything inside one) is not given: it
// follows what is typed (policy/password.ts).
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpHandler } from '../op-context';
import { isPasswordEditor } from '../policy/password';

export const rect: OpHandler<'rect'> = (op, ctx) => {
  const el = ctx.element(op.h);
  if (isPasswordEditor(el)) {
    throw new RemixletRefusal('PASSWORD_FIELD_LOCKED', "The box of an editable password field, or of what is inside one, cannot be read: it follows what is typed.", ctx.name);
  }
  const r = el.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
};
