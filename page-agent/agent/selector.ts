// Context: page agent (isolated world). A selector the model wrote is data for querySelectorAll: it must
// parse, and while the page has a password field it may not depend on a field's value (the value
// attribute, or a pseudo-class such as :invalid or :placeholder-shown: contracts/dom/value-selector.ts),
// so the number of matches cannot spell out a password, its length or its emptiness. Trusts nothing in the selector.
import { RemixletRefusal } from '../../contracts/refusals';
import { selectorValueTest } from '../../contracts/dom/value-selector';
import { pageHasPasswordField } from '../policy/password';

export function agentQueryAll(selector: string, op: string): Element[] {
  let found: NodeListOf<Element>;
  try {
    found = document.querySelectorAll(selector);
  } catch {
    throw new RemixletRefusal('SELECTOR_INVALID', `${JSON.stringify(selector.slice(0, 100))} is not a valid CSS selector.`, op);
  }
  const test = selectorValueTest(selector);
  if (test !== undefined && pageHasPasswordField()) {
    throw new RemixletRefusal('SELECTOR_TESTS_PASSWORD', `This selector depends on a form field's value (${test}), refused while the page has a password field; select by another attribute or a class.`, op);
  }
  return [...found];
}
