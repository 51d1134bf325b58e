// Context: page agent. h.setValue(v): sets a text control's or select's value and fires input and change,
// as typing would. Refused on password fields (locked), file inputs, and hidden inputs, whose value the
// person never sees but the page's form sends.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpHandler } from '../op-context';
import { isPasswordField } from '../policy/password';

export const setValue: OpHandler<'setValue'> = (op, ctx) => {
  const el = ctx.element(op.h);
  if (isPasswordField(el)) throw new RemixletRefusal('PASSWORD_FIELD_LOCKED', "A password field's value cannot be set.", ctx.name);
  if (el instanceof HTMLInputElement) {
    if (el.type === 'file' || el.type === 'hidden') {
      throw new RemixletRefusal('NOT_APPLICABLE', `An input of type ${el.type} cannot be set: ${el.type === 'hidden' ? 'the person never sees what the form would send' : 'only the person picks files'}.`, ctx.name);
    }
    if (el.type === 'checkbox' || el.type === 'radio') throw new RemixletRefusal('NOT_APPLICABLE', `Use h.click() to check or uncheck a ${el.type}.`, ctx.name);
  } else if (!(el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)) {
    throw new RemixletRefusal('NOT_APPLICABLE', `<${el.localName}> has no value to set; use h.setText(text).`, ctx.name);
  }
  el.value = op.value;
  el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
  return null;
};
