// Context: page agent. A selector must parse (the page's own engine decides), and while the page has a
// password field it may not depend on a field's value: neither test the value attribute in any spelling
// nor use a pseudo-class that follows the value (:placeholder-shown, :invalid, :autofill, …;
// contracts/dom/value-selector.ts reads both with css-tree), so a value cannot be read a character at a
// time, nor its length or emptiness, through which elements match. Other attribute selectors and
// pseudo-classes keep working. Trusts nothing in the selector.
import { RemixletRefusal } from '../../contracts/refusals';
import { selectorValueTest } from '../../contracts/dom/value-selector';
import { quote } from '../../contracts/policy/result';
import type { PageFacts } from '../page-facts';

/** What to do instead, said by every refusal of a selector that depends on a field's value. */
export const VALUE_SELECTOR_ADVICE = 'select by another attribute, a class or the text instead, and read a field with h.value() (a password field reads empty).';

let probe: DocumentFragment | undefined;

export function isValidSelector(sel: string): boolean {
  try {
    probe ??= document.createDocumentFragment();
    probe.querySelector(sel);
    return true;
  } catch {
    return false;
  }
}

export function checkSelector(sel: string, op: string, page: Pick<PageFacts, 'hasPasswordField'>): void {
  if (!isValidSelector(sel)) {
    throw new RemixletRefusal('SELECTOR_INVALID', `${quote(sel, 100)} is not a valid CSS selector; check its brackets, quotes and pseudo-classes.`, op);
  }
  const test = selectorValueTest(sel);
  if (test !== undefined && page.hasPasswordField()) {
    throw new RemixletRefusal('SELECTOR_TESTS_PASSWORD', `${quote(sel, 100)} depends on a form field's value (${test}), which is refused while the page has a password field; ${VALUE_SELECTOR_ADVICE}`, op);
  }
}
