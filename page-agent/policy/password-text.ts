// Context: page agent. The text of an element as every reader gives it (h.text(), the agent's
// query_elements and outline): its text content without the text inside password fields (a textarea's
// text content is its initial value; an editable password element's is what was typed; a password select's
// <selectedcontent> is a copy of the option chosen).
// Trusts the DOM only, read through the prototypes' getters (unclobbered.ts): a form's fields shadow its properties.
import { FIELD_CANDIDATES, isPasswordField } from './password';
import { childNodesOf, queryWithin, textOf } from './unclobbered';

/** Text content of el, leaving out every password field's own text (the field itself reads as ''). */
export function textWithoutPasswords(el: Element): string {
  if (isPasswordField(el)) return '';
  // Only a textarea or an editable element among password fields holds text; most elements hold none,
  // and are answered directly.
  const fields = queryWithin(el, FIELD_CANDIDATES);
  const hidden: Element[] = fields.filter((f) => !(f instanceof HTMLInputElement || f instanceof HTMLSelectElement) && isPasswordField(f));
  // A customizable select copies the chosen option's content into its <selectedcontent>: in a password
  // select, that copy says what was chosen.
  for (const f of fields) if (f instanceof HTMLSelectElement && isPasswordField(f)) hidden.push(...queryWithin(f, 'selectedcontent'));
  if (hidden.length === 0) return textOf(el) ?? '';
  const skip = new Set<Node>(hidden);
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT | NodeFilter.SHOW_CDATA_SECTION, {
    acceptNode: (n) => (skip.has(n) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  let text = '';
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.nodeType !== Node.ELEMENT_NODE) text += (n as CharacterData).data;
  return text;
}

/** The text of el's own text children (not its descendants'); '' for a password field. */
export function ownTextWithoutPasswords(el: Element): string {
  if (isPasswordField(el)) return '';
  let text = '';
  for (const n of childNodesOf(el)) if (n.nodeType === Node.TEXT_NODE) text += (n as Text).data;
  return text;
}
