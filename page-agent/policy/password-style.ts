// Context: page agent. A computed style value as every reader gives it (h.computedStyle, the agent's
// inspect_styles): on a password field, custom properties and content read empty, because a sheet (the
// page's own, or one saved before attr(value) was refused) could have copied the field's value into them
// with attr(); the stylesheet checks refuse that in ours, and this is the second line. In a password editor
// (an editable element that names a password, or anything inside one) every property reads empty: its
// sizes follow what is typed.
// Trusts the DOM only.
import { isPasswordEditor, isPasswordField } from './password';

/** Properties whose computed value can carry an attribute's text (attr() keeps it as a string there). */
function carriesText(prop: string): boolean {
  const p = prop.trim().toLowerCase();
  return p.startsWith('--') || p === 'content';
}

/** Reads prop from el's computed style, or '' where it could carry a password field's value. */
export function styleValueOf(el: Element, style: CSSStyleDeclaration, prop: string): string {
  if (carriesText(prop) ? isPasswordField(el) : isPasswordEditor(el)) return '';
  return style.getPropertyValue(prop);
}
