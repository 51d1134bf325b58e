// Context: page agent. h.hide(): hides the element with an important inline display, undone by show().
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpHandler } from '../op-context';

export const hide: OpHandler<'hide'> = (op, ctx) => {
  const el = ctx.element(op.h);
  if (!(el instanceof HTMLElement || el instanceof SVGElement || el instanceof MathMLElement)) throw new RemixletRefusal('NOT_APPLICABLE', `<${el.localName}> cannot be hidden with a style.`, ctx.name);
  el.style.setProperty('display', 'none', 'important');
  return null;
};
