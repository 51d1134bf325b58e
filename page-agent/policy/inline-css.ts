// Context: page agent. CSS the script writes (h.setStyle values, dom.addStyle sheets) may load nothing,
// however spelled: judged on tokens by contracts/policy/stylesheet-check.ts (checkInlineCss), never by
// a regex here. Trusts nothing in the CSS.
import { checkInlineCss } from '../../contracts/policy/stylesheet-check';
import { RemixletRefusal } from '../../contracts/refusals';

export function checkScriptCss(css: string, op: string, what: string): void {
  const verdict = checkInlineCss(css);
  if (verdict.ok) return;
  const reasons = verdict.refusals.slice(0, 3).map((r) => r.reason);
  const more = verdict.refusals.length > 3 ? ` (and ${verdict.refusals.length - 3} more)` : '';
  throw new RemixletRefusal('STYLE_REFUSED', `${what} is refused: ${reasons.join(' ')}${more}`, op);
}
