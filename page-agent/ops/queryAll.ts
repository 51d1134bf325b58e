// Context: page agent. dom.queryAll / h.queryAll: matching elements, capped by a limit.
import { LIMITS } from '../../contracts/dom/ops';
import type { OpHandler } from '../op-context';
import { checkSelector } from '../policy/selector';

export const queryAll: OpHandler<'queryAll'> = (op, ctx) => {
  checkSelector(op.sel, 'dom.queryAll');
  const root: ParentNode = op.scope ? ctx.element(op.scope) : document;
  const limit = op.limit ?? LIMITS.queryAllDefault;
  const out = [];
  for (const el of root.querySelectorAll(op.sel)) {
    if (out.length >= limit) break;
    out.push(ctx.handles.handleOf(el));
  }
  return out;
};
