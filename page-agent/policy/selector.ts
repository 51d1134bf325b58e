// Context: page agent. A selector must parse (the page's own engine decides), and while the page has a
// password field it may not depend on a field's value: neither test the value attribute in any spelling
// nor use a pseudo-class that follows the value (:placeholder-shown, :invalid, :autofill, …;
// contracts/dom/value-selector.ts reads both with css-tree), so a value cannot be read a character at a
// time, nor its length or emptiness, through which elements match. While the page has a password field
// whose content or checkedness selectors see (an editable one, a select, a checkbox or radio button:
// policy/password.ts, isPasswordStateField) it may not use :has(), :empty, :checked, :indeterminate or
// :default either (selectorContentStateTest). Other attribute selectors and pseudo-classes keep working. A selector may step into shadow roots with `>>>`
// (contracts/dom/shadow-selector.ts): every part must parse, and no part may test a value. Trusts nothing in the selector.
import { RemixletRefusal } from '../../contracts/refusals';
import { selectorContentStateTest, selectorValueTest } from '../../contracts/dom/value-selector';
import { quote } from '../../contracts/policy/result';
import { shadowPaths } from '../../contracts/dom/shadow-selector';
import type { PageFacts } from '../page-facts';
import { pageHasPasswordField, pageHasPasswordStateField } from './password';

/** What to do instead, said by every refusal of a selector that depends on a field's value. */
export const VALUE_SELECTOR_ADVICE = 'select by another attribute, a class or the text instead, and read a field with h.value() (a password field reads empty).';

/** What to do instead, said by every refusal of a selector that uses a content or checked state. */
export const STATE_SELECTOR_ADVICE = 'Select the elements themselves (by id, class or attribute) and test them one by one from script.js.';

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

/** What in the selector, or in any part of it between `>>>`, depends on a field's value. */
export function deepValueTest(sel: string): string | undefined {
  const split = shadowPaths(sel);
  const parts = split.ok ? split.paths.flat() : [sel];
  return selectorValueTest(sel) ?? parts.map(selectorValueTest).find((t) => t !== undefined);
}

/** What in the selector, or in any part of it, follows a password field's content or checkedness (:has, :empty, :checked, …). */
export function deepContentStateTest(sel: string): string | undefined {
  const split = shadowPaths(sel);
  const parts = split.ok ? split.paths.flat() : [sel];
  return selectorContentStateTest(sel) ?? parts.map(selectorContentStateTest).find((t) => t !== undefined);
}

export type PasswordFacts = Pick<PageFacts, 'hasPasswordField' | 'hasPasswordStateField'>;

/** Asked of the live page each time (for observers and waits that outlive a batch). */
export const LIVE_PASSWORD_FACTS: PasswordFacts = { hasPasswordField: pageHasPasswordField, hasPasswordStateField: pageHasPasswordStateField };

/** What a selector's two readings (deepValueTest, deepContentStateTest) say about a password on this page, or undefined. */
export interface SelectorReadings {
  value: string | undefined;
  state: string | undefined;
}

export function selectorReadings(sel: string): SelectorReadings {
  return { value: deepValueTest(sel), state: deepContentStateTest(sel) };
}

/** Whether a selector with these readings depends on a password field on this page (and what in it does). */
export function passwordReading(readings: SelectorReadings, page: PasswordFacts): string | undefined {
  if (readings.value !== undefined && page.hasPasswordField()) return readings.value;
  if (readings.state !== undefined && page.hasPasswordStateField()) return readings.state;
  return undefined;
}

export function checkSelector(sel: string, op: string, page: PasswordFacts): void {
  const split = shadowPaths(sel);
  if (!split.ok) throw new RemixletRefusal('SELECTOR_INVALID', `${quote(sel, 100)}: ${split.reason}`, op);
  const bad = split.paths.flat().find((part) => !isValidSelector(part));
  if (bad !== undefined) {
    const which = split.paths.flat().length > 1 ? ` (the part ${quote(bad, 100)})` : '';
    throw new RemixletRefusal('SELECTOR_INVALID', `${quote(sel, 100)} is not a valid CSS selector${which}; check its brackets, quotes and pseudo-classes.`, op);
  }
  const test = deepValueTest(sel);
  if (test !== undefined && page.hasPasswordField()) {
    throw new RemixletRefusal('SELECTOR_TESTS_PASSWORD', `${quote(sel, 100)} depends on a form field's value (${test}), which is refused while the page has a password field; ${VALUE_SELECTOR_ADVICE}`, op);
  }
  const state = deepContentStateTest(sel);
  if (state !== undefined && page.hasPasswordStateField()) {
    throw new RemixletRefusal(
      'SELECTOR_TESTS_PASSWORD',
      `${quote(sel, 100)} uses ${state}, which follows what is typed into an editable password field or chosen in a password select, checkbox or radio button; it is refused while the page has one. ${STATE_SELECTOR_ADVICE}`,
      op,
    );
  }
}
