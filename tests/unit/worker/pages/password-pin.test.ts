// The pin sheet selects what CSS can see of the page agent's password field definition, the mark the page
// agent sets on a field it remembers as masked included (a "show password" button may have unmasked it).
import { expect, test } from 'vitest';
import { PASSWORD_PIN_CSS } from '../../../../worker/pages/password-pin';
import { MASKED_MARK } from '../../../../page-agent/policy/password';
import { PASSWORD_FIELD_SELECTORS } from '../../../../contracts/dom/password-css';

const rules = PASSWORD_PIN_CSS.split('\n');
const ruleFor = (selector: string) => rules.find((r) => r.startsWith(`${selector} {`));

test('the pin sheet takes every scroll timeline and scroll-state container from a password field, each way one can be', () => {
  for (const field of PASSWORD_FIELD_SELECTORS) {
    const fieldRule = ruleFor(field);
    for (const declaration of ['scroll-timeline: none !important', 'animation-timeline: auto !important', 'container-type: normal !important']) expect(fieldRule).toContain(declaration);
  }
});

test('the pin sheet pins the font of every way a field can be a password field, inside it and in its parts', () => {
  for (const field of PASSWORD_FIELD_SELECTORS) {
    for (const tail of ['', ' *', '::first-line', ' *::first-line', '::first-letter', ' *::first-letter', '::-webkit-textfield-decoration-container', '::placeholder']) {
      expect(ruleFor(`${field}${tail}`), `${field}${tail}`).toContain('font-family: system-ui !important');
    }
  }
  // A rule per way and part, none behind :is(): one selector the browser does not know drops only its own rule,
  // and a descendant rule's ancestor stays one plain compound the browser can rule out at once.
  expect(rules.filter((r) => r.includes(' * ') || r.includes(' *::')).every((r) => !r.startsWith(':is('))).toBe(true);
});

test('the pin sheet selects fields the page agent marked as masked', () => {
  expect(MASKED_MARK).toBe('data-rmx-masked');
  expect(PASSWORD_PIN_CSS).toContain(`input[${MASKED_MARK}]`);
  expect(PASSWORD_PIN_CSS).toContain(`textarea[${MASKED_MARK}]`);
});

test('a second caller waits for the insertion the first asked for, not only for having asked', async () => {
  const { pinPasswordFields } = await import('../../../../worker/pages/password-pin');
  let finish: () => void = () => undefined;
  const asked: unknown[] = [];
  (globalThis as unknown as { chrome: unknown }).chrome = {
    scripting: { insertCSS: (what: unknown) => (asked.push(what), new Promise<void>((resolve) => (finish = resolve))) },
  };
  const order: string[] = [];
  const first = pinPasswordFields(7, 'doc-a').then(() => order.push('first'));
  const second = pinPasswordFields(7, 'doc-a').then(() => order.push('second'));
  await Promise.resolve();
  expect(asked).toHaveLength(1);
  expect(order).toEqual([]);
  finish();
  await Promise.all([first, second]);
  expect(order).toEqual(['first', 'second']);
  // Another document is asked for on its own.
  void pinPasswordFields(7, 'doc-b');
  expect(asked).toHaveLength(2);
});
