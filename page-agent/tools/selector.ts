// Context: page agent (isolated world). A selector the model wrote is data: it must parse (every part, when
// it steps into shadow roots with `>>>`: contracts/dom/shadow-selector.ts), and while the page has a password
// field (in a shadow root too) it may not depend on a field's value (the value attribute, or a pseudo-class
// such as :invalid or :placeholder-shown: contracts/dom/value-selector.ts), so the number of matches cannot
// spell out a password, its length or its emptiness. The same check as the dom ops' (policy/selector.ts).
// Trusts nothing in the selector.
import { RemixletRefusal } from '../../contracts/refusals';
import { LIVE_PASSWORD_FACTS, checkSelector } from '../policy/selector';
import { selectAll } from '../policy/deep-select';

export function assistantQueryAll(selector: string, op: string): Element[] {
  checkSelector(selector, op, LIVE_PASSWORD_FACTS);
  try {
    return selectAll(document, selector);
  } catch {
    throw new RemixletRefusal('SELECTOR_INVALID', `${JSON.stringify(selector.slice(0, 100))} is not a valid CSS selector.`, op);
  }
}
