// Context: page agent (isolated world). A selector the model wrote is data for querySelectorAll: it must
// parse, and while the page has a password field it may not test the value attribute, so the number of
// matches cannot spell out a password a character at a time. Trusts nothing in the selector.
import { RemixletRefusal } from '../../contracts/refusals';
import { selectorTestsValue } from '../../contracts/dom/value-selector';
import { pageHasPasswordField } from '../policy/password';

export function agentQueryAll(selector: string, op: string): Element[] {
  let found: NodeListOf<Element>;
  try {
    found = document.querySelectorAll(selector);
  } catch {
    throw new RemixletRefusal('SELECTOR_INVALID', `${JSON.stringify(selector.slice(0, 100))} is not a valid CSS selector.`, op);
  }
  if (selectorTestsValue(selector) && pageHasPasswordField()) {
    throw new RemixletRefusal('SELECTOR_TESTS_PASSWORD', 'This selector tests the value attribute, refused while the page has a password field; select by another attribute or a class.', op);
  }
  return [...found];
}
