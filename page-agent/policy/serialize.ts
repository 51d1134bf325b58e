// Context: page agent. Copies of page elements without password values: h.html() serializes a copy made
// in an inert document (the copy loads and runs nothing), h.clone() makes a live copy; in both, every
// password field in the copy loses its value. Trusts the DOM only.
import { isPasswordField } from './password';

const FIELDS = 'input, textarea';

/** The original's fields and the copy's, in the same document order (a deep copy has the same shape). */
function fieldsOf(root: Element): Element[] {
  return root.matches(FIELDS) ? [root, ...root.querySelectorAll(FIELDS)] : [...root.querySelectorAll(FIELDS)];
}

export function blankPasswords(original: Element, copy: Element): void {
  const from = fieldsOf(original);
  const to = fieldsOf(copy);
  from.forEach((field, i) => {
    const twin = to[i];
    if (!twin || !isPasswordField(field)) return;
    twin.removeAttribute('value');
    if (twin instanceof HTMLTextAreaElement) twin.textContent = '';
    if (twin instanceof HTMLInputElement || twin instanceof HTMLTextAreaElement) twin.value = '';
  });
}

export function outerHtmlWithoutPasswords(el: Element, cap: number): { html: string; truncated: boolean } {
  const inert = document.implementation.createHTMLDocument('');
  const copy = inert.importNode(el, true);
  blankPasswords(el, copy);
  const html = copy.outerHTML;
  return html.length > cap ? { html: html.slice(0, cap), truncated: true } : { html, truncated: false };
}
