// Context: page agent. CSS the script writes (h.setStyle values, dom.addStyle sheets) may load nothing,
// however spelled: judged on tokens by contracts/policy/stylesheet-check.ts (checkInlineCss), never by
// a regex here. It also may not change how a field masks or sizes itself: unmasking a password field
// (-webkit-text-security) or sizing a field by its content (field-sizing) would let its value show
// through the page's layout, which h.rect() reads. Trusts nothing in the CSS.
import { tokenizeCss } from '../../contracts/policy/css-tokens';
import { checkInlineCss } from '../../contracts/policy/stylesheet-check';
import { RemixletRefusal } from '../../contracts/refusals';

const FIELD_PROPERTIES = new Set(['-webkit-text-security', 'field-sizing']);

/** A declaration of one of FIELD_PROPERTIES, read on tokens so escapes and comments cannot hide it. */
function fieldProperty(css: string): string | undefined {
  const tokens = tokenizeCss(css);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'ident' || !FIELD_PROPERTIES.has(t.value.toLowerCase())) continue;
    let j = i + 1;
    while (tokens[j]?.type === 'whitespace' || tokens[j]?.type === 'comment') j++;
    if (tokens[j]?.type === 'colon') return t.value.toLowerCase();
  }
  return undefined;
}

export function checkScriptCss(css: string, op: string, what: string): void {
  const verdict = checkInlineCss(css);
  if (!verdict.ok) {
    const reasons = verdict.refusals.slice(0, 3).map((r) => r.reason);
    const more = verdict.refusals.length > 3 ? ` (and ${verdict.refusals.length - 3} more)` : '';
    throw new RemixletRefusal('STYLE_REFUSED', `${what} is refused: ${reasons.join(' ')}${more}`, op);
  }
  const field = fieldProperty(css);
  if (field) {
    throw new RemixletRefusal('STYLE_REFUSED', `${what} is refused: ${field} changes how a form field masks or sizes itself, which could show a password through the page's layout; leave it to the page.`, op);
  }
}
