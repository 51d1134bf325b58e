// Context: page agent. h.text(): text content, capped. A form field's value is never text content; a
// masked textarea's text (its initial value) is left out, of the field and of every ancestor.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { LIMITS } from '../../contracts/dom/ops';
import type { OpHandler } from '../op-context';
import { textWithoutPasswords } from '../policy/password-text';

export const text: OpHandler<'text'> = (op, ctx) => {
  const all = textWithoutPasswords(ctx.element(op.h));
  if (all.length > LIMITS.textChars) ctx.note(`${ctx.name}: the text was longer than ${LIMITS.textChars} characters and was cut; read a smaller element.`);
  return all.slice(0, LIMITS.textChars);
};
