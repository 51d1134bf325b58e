// Context: page agent. h.children(): the child elements, at most 1000 (use queryAll with a limit for more control).
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { LIMITS } from '../../contracts/dom/ops';
import type { OpHandler } from '../op-context';
import { isPasswordEditor, reachableElement } from '../policy/password';

export const children: OpHandler<'children'> = (op, ctx) => {
  const el = ctx.element(op.h);
  // What a password editor holds was typed there, what a password select holds says what was chosen
  // (policy/password.ts, reachableElement).
  const kids = isPasswordEditor(el) ? [] : [...el.children].filter(reachableElement);
  if (kids.length > LIMITS.childrenMax) ctx.note(`${ctx.name}: the element has ${kids.length} children; only the first ${LIMITS.childrenMax} were returned.`);
  const out = [];
  for (let i = 0; i < kids.length && i < LIMITS.childrenMax; i++) out.push(ctx.handles.handleOf(kids[i]!));
  return out;
};
