// Context: page agent. dom.query / h.query: the first element matching a checked selector, in scope; `>>>`
// steps into shadow roots (policy/deep-select.ts).
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import type { OpHandler } from '../op-context';
import { checkSelector } from '../policy/selector';
import { selectFirst } from '../policy/deep-select';

export const query: OpHandler<'query'> = (op, ctx) => {
  checkSelector(op.sel, ctx.name, ctx.page);
  const el = selectFirst(op.scope !== undefined ? ctx.element(op.scope) : document, op.sel);
  return el ? ctx.handles.handleOf(el) : null;
};
