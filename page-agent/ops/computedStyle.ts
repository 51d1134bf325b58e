// Context: page agent. h.computedStyle(props): the computed values of the named properties (custom
// properties too), each capped; on a password field every property reads empty. While the page has a password field that keeps what was typed or chosen where
// selectors see it (an editable one, a select, a checkbox or radio button), every property of every element
// reads empty: a stylesheet can tie any element's style to that state (as for h.rect, ops/rect.ts).
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { LIMITS } from '../../contracts/dom/ops';
import type { OpHandler } from '../op-context';
import { styleValueOf } from '../policy/password-style';
import { isPasswordField } from '../policy/password';

export const computedStyle: OpHandler<'computedStyle'> = (op, ctx) => {
  const el = ctx.element(op.h);
  const style = getComputedStyle(el);
  const out: Record<string, string> = {};
  // A password field's own style can follow its state (the browser's autofill colours, a rule tied to how
  // it scrolls or what it holds): none of it is given to a remixlet. (The agent's inspect_styles still reads
  // its sizes and colours for the model: policy/password-style.ts.)
  if (ctx.page.hasPasswordStateField() || isPasswordField(el)) {
    for (const prop of op.props) out[prop] = '';
    return out;
  }
  for (const prop of op.props) out[prop] = styleValueOf(el, style, prop).slice(0, LIMITS.computedValueChars);
  return out;
};
