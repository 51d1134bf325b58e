// The pin sheet selects what CSS can see of the page agent's password field definition, the mark the page
// agent sets on a field it remembers as masked included (a "show password" button may have unmasked it).
import { expect, test } from 'vitest';
import { PASSWORD_PIN_CSS } from '../../../worker/password-pin';
import { MASKED_MARK } from '../../../page-agent/policy/password';

test('the pin sheet selects fields the page agent marked as masked', () => {
  expect(MASKED_MARK).toBe('data-rmx-masked');
  expect(PASSWORD_PIN_CSS).toContain(`input[${MASKED_MARK}]`);
  expect(PASSWORD_PIN_CSS).toContain(`textarea[${MASKED_MARK}]`);
});
