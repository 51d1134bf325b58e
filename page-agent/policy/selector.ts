// Context: page agent. A selector must parse, and while the page has a password field it may not test
// the value attribute (any operator, case, escape or namespace), so a value cannot be read a character
// at a time through which elements match.
import { RemixletRefusal } from '../../contracts/refusals';
import { pageHasPasswordField } from './password';

const probe = document.createDocumentFragment();

/** Unescapes CSS escapes so `[v\61lue]` and `[\76 alue]` are seen as `[value]`. */
function unescapeCss(sel: string): string {
  return sel.replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16))).replace(/\\(.)/g, '$1');
}

export function testsValueAttribute(sel: string): boolean {
  const plain = unescapeCss(sel).toLowerCase();
  // Any attribute selector whose name (after an optional namespace prefix) is "value".
  return /\[\s*(?:[a-z0-9_-]*\|)?\*?\|?\s*value\s*(?:[~|^$*]?=|\])/.test(plain.replace(/\s+/g, ' '));
}

export function checkSelector(sel: string, op: string): void {
  try {
    probe.querySelector(sel);
  } catch {
    throw new RemixletRefusal('SELECTOR_INVALID', `"${sel.slice(0, 100)}" is not a valid CSS selector.`, op);
  }
  if (testsValueAttribute(sel) && pageHasPasswordField()) {
    throw new RemixletRefusal('SELECTOR_TESTS_PASSWORD', 'While the page has a password field, a selector may not test the value attribute.', op);
  }
}
