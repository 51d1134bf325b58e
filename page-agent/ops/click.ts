// Context: page agent. h.click(): dispatched only after policy/click.ts has checked everything the click
// would activate. A permitted click can still trigger the site's own actions.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import type { OpHandler } from '../op-context';
import { checkClick, dispatchClick } from '../policy/click';

export const click: OpHandler<'click'> = (op, ctx) => {
  const el = ctx.element(op.h);
  checkClick(el, ctx);
  dispatchClick(el);
  return null;
};
