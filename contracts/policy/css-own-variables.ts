// Context: worker (style.css at insertion), page agent (dom.addStyle), Node tests. Trusts nothing: the CSS
// is assistant-written, and the page may define any custom property.
// Also: a background whose whole value is a var() goes in as a background-color (colorOnlyBackgrounds).
//
// A var() where a url() would load is refused (css-declarations.ts): the page may have defined that
// property as a url() it never loads. Except when the remixlet's own sheet defines the property: then the
// var() is renamed to a name of the remixlet's own, and each of the sheet's definitions of it gains a twin
// under that name, so the value comes from the remixlet's definitions (checked like any url() it writes),
// never from a page rule that happens to use the same name. The page's property of the original name is
// still set as written, for the page's own rules. The prefix is derived from the remixlet's id, which the
// page is never told, so a page cannot name it by accident; a page that reads it out of the live styles and
// defines it itself is loading an address of its own choosing through a rule it wrote, as it always can.
import { tokenizeCss } from './css-tokens';
import { declarationFindings } from './css-declarations';

/** The prefix of a remixlet's own custom properties: the same in style.css and every dom.addStyle sheet. */
export function ownVariablePrefix(remixletId: string): string {
  return `--rmx-${remixletId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 16).toLowerCase()}-`;
}

/**
 * The sheet with every var() that the checks passed only because the sheet defines its property renamed to
 * the remixlet's own name, and each definition of such a property doubled under that name. A sheet with
 * no such var() comes back unchanged. Run on a sheet that passed the checks, before it reaches the page.
 */
export function privateOwnVariables(css: string, prefix: string): string {
  const { ownUses, definitions } = declarationFindings(tokenizeCss(css), css);
  if (ownUses.length === 0) return css;
  const used = new Set(ownUses.map((u) => u.name));
  const own = (name: string) => `${prefix}${name.slice(2)}`;
  const edits: Array<{ at: number; end: number; text: string }> = [
    ...ownUses.map((u) => ({ at: u.start, end: u.end, text: own(u.name) })),
    ...definitions.filter((d) => used.has(d.name)).map((d) => ({ at: d.valueEnd, end: d.valueEnd, text: `;${own(d.name)}:${css.slice(d.valueStart, d.valueEnd)}` })),
  ].sort((a, b) => b.at - a.at);
  let out = css;
  for (const e of edits) out = out.slice(0, e.at) + e.text + out.slice(e.end);
  return out;
}

/**
 * The sheet with every `background` whose whole value is a var() of a property the page may define
 * (`background: var(--chip-bg, #eef2ff)`) written as `background: none; background-color: var(…)`: the same
 * for a color (the shorthand resets the other longhands to their initial values either way), and for a
 * url() the page put there, an invalid color instead of a load. The checks pass such a declaration only in
 * a sheet that goes through here (css-declarations.ts, ColorBackground). Run after privateOwnVariables, so a
 * var() of the sheet's own property keeps its background, renamed.
 */
export function colorOnlyBackgrounds(css: string): string {
  // Without the word (or an escape that could spell it) there is no background to read.
  if (!/background/i.test(css) && !css.includes('\\')) return css;
  const { colorBackgrounds } = declarationFindings(tokenizeCss(css), css);
  let out = css;
  for (const b of [...colorBackgrounds].sort((x, y) => y.propertyStart - x.propertyStart)) {
    const value = css.slice(b.valueStart, b.valueEnd);
    out = `${out.slice(0, b.propertyStart)}background: none${b.important ? ' !important' : ''}; background-color:${value}${out.slice(b.valueEnd)}`;
  }
  return out;
}
