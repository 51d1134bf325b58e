// Context: page agent. dom.queryAll / h.queryAll: matching elements in scope, at most `limit` (default 100,
// at most 1000), so one call cannot hand out the whole page; `>>>` steps into shadow roots (policy/deep-select.ts).
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { LIMITS } from '../../contracts/dom/ops';
import type { OpHandler } from '../op-context';
import { checkSelector } from '../policy/selector';
import { selectAll } from '../policy/deep-select';

export const queryAll: OpHandler<'queryAll'> = (op, ctx) => {
  checkSelector(op.sel, ctx.name, ctx.page);
  const found = selectAll(op.scope !== undefined ? ctx.element(op.scope) : document, op.sel, op.limit ?? LIMITS.queryAllDefault);
  return found.map((el) => ctx.handles.handleOf(el));
};
