// Context: page agent. h.focus(): moves focus to the element.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpHandler } from '../op-context';

export const focus: OpHandler<'focus'> = (op, ctx) => {
  const el = ctx.element(op.h);
  if (!(el instanceof HTMLElement || el instanceof SVGElement || el instanceof MathMLElement)) throw new RemixletRefusal('NOT_APPLICABLE', `<${el.localName}> cannot take focus.`, ctx.name);
  el.focus();
  return null;
};
