// Context: page agent. h.computedStyle(props): the computed values of the named properties (custom
// properties too), each capped. On a password field, custom properties and content read empty: a sheet
// (the page's own, or one saved before attr(value) was refused) could have copied the value into them
// with attr(); the stylesheet checks refuse that, and this is the second line.
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { LIMITS } from '../../contracts/dom/ops';
import type { OpHandler } from '../op-context';
import { isPasswordField } from '../policy/password';

/** Properties whose computed value can carry an attribute's text (attr() keeps it as a string there). */
function carriesText(prop: string): boolean {
  const p = prop.trim().toLowerCase();
  return p.startsWith('--') || p === 'content';
}

export const computedStyle: OpHandler<'computedStyle'> = (op, ctx) => {
  const el = ctx.element(op.h);
  const style = getComputedStyle(el);
  const password = isPasswordField(el);
  const out: Record<string, string> = {};
  for (const prop of op.props) out[prop] = password && carriesText(prop) ? '' : style.getPropertyValue(prop).slice(0, LIMITS.computedValueChars);
  return out;
};
