// Context: page agent. Copies of page elements without password values: h.html() serializes a copy made
// in an inert document (the copy loads and runs nothing), h.clone() makes a live copy; in both, every
// password field in the copy loses its value. Trusts the DOM only.
import { FIELD_CANDIDATES, isPasswordField, MASKED_MARK } from './password';
import { queryWithin } from './unclobbered';

/**
 * The root and the fields under it, the original's and the copy's in the same document order (a deep copy
 * has the same shape). The root always counts: it may lie inside an editable password element.
 */
function fieldsOf(root: Element): Element[] {
  return [root, ...queryWithin(root, FIELD_CANDIDATES)];
}

/** Every password field in the copy loses what was typed: its value, and an editable one its content. */
export function blankPasswords(original: Element, copy: Element): void {
  const from = fieldsOf(original);
  const to = fieldsOf(copy);
  from.forEach((field, i) => {
    const twin = to[i];
    if (!twin) return;
    twin.removeAttribute(MASKED_MARK);
    if (!isPasswordField(field)) return;
    twin.removeAttribute('value');
    if (twin instanceof HTMLInputElement || twin instanceof HTMLTextAreaElement) {
      if (twin instanceof HTMLTextAreaElement) twin.textContent = '';
      twin.value = '';
    } else if (twin instanceof HTMLSelectElement) {
      // A customizable select's <selectedcontent> holds a copy of the chosen option.
      for (const copied of queryWithin(twin, 'selectedcontent')) copied.replaceChildren();
    } else {
      twin.replaceChildren();
    }
  });
}

export function outerHtmlWithoutPasswords(el: Element, cap: number): { html: string; truncated: boolean } {
  const inert = document.implementation.createHTMLDocument('');
  const copy = inert.importNode(el, true);
  blankPasswords(el, copy);
  const html = copy.outerHTML;
  return html.length > cap ? { html: html.slice(0, cap), truncated: true } : { html, truncated: false };
}
