// Context: page agent. h.rect(): the element's bounding rectangle in viewport coordinates. The box of a
// password editor (an editable element that names a password, or anything inside one) is not given: it
// follows what is typed (policy/password.ts). While the page has a password field that keeps what was typed
// or chosen where selectors see it (an editable one, a select, a checkbox or radio button: isPasswordStateField),
// no box is given: any stylesheet (the remixlet's style.css, dom.addStyle, h.setStyle's neighbours, the page's
// own) can tie the layout to that state (#ed:empty ~ #x, :has(), :checked, counters, anchors), and refusing
// those in every sheet would refuse ordinary CSS on every page.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpHandler } from '../op-context';
import { isPasswordEditor } from '../policy/password';

/** Why no box is read on a page with a password state field. */
export const STATE_LAYOUT_REFUSAL =
  "No box can be read while the page has an editable password field or a password select, checkbox or radio button: a stylesheet can make any element's layout follow what is typed or chosen there.";

export const rect: OpHandler<'rect'> = (op, ctx) => {
  const el = ctx.element(op.h);
  if (isPasswordEditor(el)) {
    throw new RemixletRefusal('PASSWORD_FIELD_LOCKED', "The box of an editable password field, or of what is inside one, cannot be read: it follows what is typed.", ctx.name);
  }
  if (ctx.page.hasPasswordStateField()) {
    throw new RemixletRefusal('PASSWORD_FIELD_LOCKED', STATE_LAYOUT_REFUSAL, ctx.name);
  }
  const r = el.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
};
