// Context: page agent. dom.queryAll / h.queryAll: matching elements in scope, at most `limit` (default 100,
// at most 1000), so one call cannot hand out the whole page.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { LIMITS } from '../../contracts/dom/ops';
import type { OpHandler } from '../op-context';
import { checkSelector } from '../policy/selector';
import { reachableElement } from '../policy/password';

export const queryAll: OpHandler<'queryAll'> = (op, ctx) => {
  checkSelector(op.sel, ctx.name, ctx.page);
  const root: ParentNode = op.scope !== undefined ? ctx.element(op.scope) : document;
  const limit = op.limit ?? LIMITS.queryAllDefault;
  const out = [];
  for (const el of root.querySelectorAll(op.sel)) {
    if (out.length >= limit) break;
    if (!reachableElement(el)) continue;
    out.push(ctx.handles.handleOf(el));
  }
  return out;
};
