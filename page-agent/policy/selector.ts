// Context: page agent. A selector must parse (the page's own engine decides), and while the page has a
// password field it may not test the value attribute in any spelling (contracts/dom/value-selector.ts
// reads it with css-tree), so a value cannot be read a character at a time through which elements match.
// Other attribute selectors keep working. Trusts nothing in the selector.
import { RemixletRefusal } from '../../contracts/refusals';
import { selectorTestsValue } from '../../contracts/dom/value-selector';
import { quote } from '../../contracts/policy/result';
import type { PageFacts } from '../page-facts';

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
  if (selectorTestsValue(sel) && page.hasPasswordField()) {
    throw new RemixletRefusal(
      'SELECTOR_TESTS_PASSWORD',
      `${quote(sel, 100)} tests the value attribute, which is refused while the page has a password field; select by another attribute, a class or the text instead.`,
      op,
    );
  }
}
