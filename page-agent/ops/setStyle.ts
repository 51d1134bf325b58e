// Context: page agent. h.setStyle(props): inline style properties, each checked as CSS that may load
// nothing (url(, image-set(, @import and their escaped spellings, judged on tokens). A password field's
// style cannot change: a style can make its size follow its value. An empty value removes the property.
// Answers which properties the browser ignored (an unknown name or a value it does not accept).
// Trusts nothing in the op but the shape exec.ts parsed; a handle resolves only in this remixlet's own table.
import { RemixletRefusal } from '../../contracts/refusals';
import type { OpHandler } from '../op-context';
import { checkScriptCss } from '../policy/inline-css';
import { isPasswordField } from '../policy/password';

const PROPERTY = /^(?:--[A-Za-z0-9_-]{1,100}|-?[a-zA-Z][a-zA-Z0-9-]{0,99})$/;

export const setStyle: OpHandler<'setStyle'> = (op, ctx) => {
  const el = ctx.element(op.h);
  if (!(el instanceof HTMLElement || el instanceof SVGElement || el instanceof MathMLElement)) {
    throw new RemixletRefusal('NOT_APPLICABLE', `<${el.localName}> has no inline style.`, ctx.name);
  }
  if (isPasswordField(el)) throw new RemixletRefusal('PASSWORD_FIELD_LOCKED', "A password field's style cannot be changed.", ctx.name);
  const writes: Array<[string, string, string]> = [];
  for (const [name, raw] of Object.entries(op.props)) {
    if (!PROPERTY.test(name)) throw new RemixletRefusal('STYLE_REFUSED', `"${name.slice(0, 60)}" is not a CSS property name.`, ctx.name);
    const important = /!\s*important\s*$/i.exec(raw);
    const value = important ? raw.slice(0, important.index).trim() : raw.trim();
    checkScriptCss(`${name}: ${value}`, ctx.name, `The style ${name}`);
    writes.push([name, value, important ? 'important' : '']);
  }
  // Every property is checked before any is written, so a refused call changes nothing.
  const ignored: string[] = [];
  for (const [name, value, priority] of writes) {
    if (value === '') {
      el.style.removeProperty(name);
      continue;
    }
    el.style.setProperty(name, value, priority);
    if (el.style.getPropertyValue(name) === '') {
      ignored.push(name);
      ctx.note(`${ctx.name}: "${value.slice(0, 80)}" is not a value the browser accepts for ${name}; it was ignored.`);
    }
  }
  return { ignored };
};
