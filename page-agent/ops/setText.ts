// Context: page agent. h.setText(): replaces the element's content with plain text (never markup); refused
// on elements whose text is code, a stylesheet or a template.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import type { OpHandler } from '../op-context';
import { checkContentWritable } from '../policy/locked';

export const setText: OpHandler<'setText'> = (op, ctx) => {
  const el = ctx.element(op.h);
  checkContentWritable(el, ctx.name);
  el.textContent = op.text;
  return null;
};
