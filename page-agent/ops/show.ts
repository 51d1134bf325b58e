// Context: page agent. h.show(): undoes hide() (only the display hide() set; the page's own stays).
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpHandler } from '../op-context';

export const show: OpHandler<'show'> = (op, ctx) => {
  const el = ctx.element(op.h);
  if (!(el instanceof HTMLElement || el instanceof SVGElement || el instanceof MathMLElement)) throw new RemixletRefusal('NOT_APPLICABLE', `<${el.localName}> has no inline style.`, ctx.name);
  if (el.style.getPropertyValue('display') === 'none') el.style.removeProperty('display');
  return null;
};
