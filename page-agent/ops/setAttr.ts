// Context: page agent. h.setAttr(name, value): marked on the page's own elements, real on the remixlet's
// own under the attribute policy; href on a link and src on an image get the address the rule resolved.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import type { OpHandler } from '../op-context';
import { writeAttribute } from '../policy/attributes';

export const setAttr: OpHandler<'setAttr'> = (op, ctx) => {
  writeAttribute(ctx.element(op.h), op.name, op.value, ctx);
  return null;
};
