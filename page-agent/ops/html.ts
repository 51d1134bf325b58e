// Context: page agent. h.html(): outer HTML, capped, serialized from a copy in an inert document with every
// password field's value blanked, so no ancestor's HTML carries a password.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { LIMITS } from '../../contracts/dom/ops';
import type { OpHandler } from '../op-context';
import { outerHtmlWithoutPasswords } from '../policy/serialize';

export const html: OpHandler<'html'> = (op, ctx) => {
  const { html, truncated } = outerHtmlWithoutPasswords(ctx.element(op.h), LIMITS.htmlChars);
  if (truncated) ctx.note(`${ctx.name}: the HTML was longer than ${LIMITS.htmlChars} characters and was cut; read a smaller element.`);
  return html;
};
