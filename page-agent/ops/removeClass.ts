// Context: page agent. h.removeClass(name): removes what addClass added; never the page's own classes.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { markClass } from '../../contracts/dom/marks';
import type { OpHandler } from '../op-context';

export const removeClass: OpHandler<'removeClass'> = (op, ctx) => {
  const el = ctx.element(op.h);
  el.classList.remove(ctx.handles.isCreated(el) ? op.name : markClass(ctx.scope.id, op.name));
  return null;
};
