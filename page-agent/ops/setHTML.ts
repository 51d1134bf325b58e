// Context: page agent. h.setHTML(html): replaces the element's content with HTML parsed in an inert
// document and cleaned by the page policy (policy/sanitize.ts); answers what was left out, and the worker
// logs it.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { VOID_ELEMENTS } from '../../contracts/dom/elements';
import { LIMITS } from '../../contracts/dom/ops';
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpHandler } from '../op-context';
import { checkContentWritable } from '../policy/locked';
import { sanitizeHtml } from '../policy/sanitize';

export const setHTML: OpHandler<'setHTML'> = (op, ctx) => {
  const el = ctx.element(op.h);
  checkContentWritable(el, ctx.name);
  if (VOID_ELEMENTS.has(el.localName)) throw new RemixletRefusal('NOT_APPLICABLE', `<${el.localName}> cannot hold content.`, ctx.name);
  const { fragment, removed } = sanitizeHtml(op.html, el, ctx);
  ctx.handles.markCreated(fragment);
  el.replaceChildren(fragment);
  const shown = removed.slice(0, LIMITS.notes - 1);
  for (const r of shown) ctx.note(`${ctx.name}: ${r}`);
  if (removed.length > shown.length) ctx.note(`${ctx.name}: ${removed.length - shown.length} more parts were left out.`);
  return { removed: removed.slice(0, 200) };
};
