// Context: page agent. h.addClass(name): rmx-<id>-<name> on the page's own elements, so every mark names the
// remixlet that wrote it; the name itself on elements the remixlet created.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { markClass } from '../../contracts/dom/marks';
import type { OpHandler } from '../op-context';

export const addClass: OpHandler<'addClass'> = (op, ctx) => {
  const el = ctx.element(op.h);
  el.classList.add(ctx.handles.isCreated(el) ? op.name : markClass(ctx.scope.id, op.name));
  return null;
};
