// Context: page agent (isolated world). read_page_data "forms": every form field with its current value,
// except that a password field (type password, a password autocomplete, or masked) reads as empty; fields
// inside shadow roots (open or closed) too, each with a selector through `>>>`.
import { isPasswordField } from '../policy/password';
import { textWithoutPasswords } from '../policy/password-text';
import { cleanText, selectorFor } from './describe';
import { shadowRootsUnder } from '../policy/shadow';

function labelOf(el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): string {
  const text = [...(el.labels ?? [])].map((l) => textWithoutPasswords(l)).join(' ') || el.getAttribute('aria-label') || el.getAttribute('placeholder') || '';
  return cleanText(text, 120);
}

export function formFields() {
  const fields = [];
  const inRoots = shadowRootsUnder(document).flatMap((root) => [...root.querySelectorAll('input, select, textarea')]);
  for (const el of [...document.querySelectorAll('input, select, textarea'), ...inRoots]) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement)) continue;
    const password = isPasswordField(el);
    fields.push({
      form: el.form ? selectorFor(el.form) : '',
      tag: el.tagName.toLowerCase(),
      type: el instanceof HTMLInputElement ? el.type : el.tagName.toLowerCase(),
      name: cleanText(el.name, 120),
      label: labelOf(el),
      value: password ? '' : cleanText(el.value, 1_000),
      password,
      ...(el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? { checked: el.checked } : {}),
    });
    if (fields.length >= 200) break;
  }
  return { fields };
}
