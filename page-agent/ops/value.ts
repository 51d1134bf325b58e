// Context: page agent. h.value(): a form control's current value, capped; a password field (and a file
// input, whose value names a file on the person's disk) reads empty.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { LIMITS } from '../../contracts/dom/ops';
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpHandler } from '../op-context';
import { isPasswordField } from '../policy/password';

export const value: OpHandler<'value'> = (op, ctx) => {
  const el = ctx.element(op.h);
  if (isPasswordField(el)) return '';
  if (el instanceof HTMLInputElement && el.type === 'file') return '';
  if (
    el instanceof HTMLInputElement ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement ||
    el instanceof HTMLOptionElement ||
    el instanceof HTMLButtonElement ||
    el instanceof HTMLOutputElement ||
    el instanceof HTMLDataElement
  ) {
    return el.value.slice(0, LIMITS.textChars);
  }
  if (el instanceof HTMLMeterElement || el instanceof HTMLProgressElement) return String(el.value);
  throw new RemixletRefusal('NOT_APPLICABLE', `<${el.localName}> has no value; use h.text() or h.attr(name).`, ctx.name);
};
