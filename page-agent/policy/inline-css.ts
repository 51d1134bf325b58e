// Context: page agent. CSS the script writes (h.setStyle values, dom.addStyle sheets) may load nothing,
// however spelled, var() included, and may not change how a field masks or sizes itself (field-sizing,
// -webkit-text-security): judged on tokens by contracts/policy/stylesheet-check.ts (checkInlineCss, which
// reads declarations with contracts/policy/css-declarations.ts, the same code that checks style.css),
// never by a regex here. Trusts nothing in the CSS.
import { checkInlineCss } from '../../contracts/policy/stylesheet-check';
import { RemixletRefusal } from '../../contracts/refusals';

/** `ownVariables`: the CSS is a whole sheet renamed by privateOwnVariables before it is used (dom.addStyle). */
export function checkScriptCss(css: string, op: string, what: string, ownVariables = false): void {
  const verdict = checkInlineCss(css, { ownVariables });
  if (!verdict.ok) {
    const reasons = verdict.refusals.slice(0, 3).map((r) => r.reason);
    const more = verdict.refusals.length > 3 ? ` (and ${verdict.refusals.length - 3} more)` : '';
    throw new RemixletRefusal('STYLE_REFUSED', `${what} is refused: ${reasons.join(' ')}${more}`, op);
  }
}
