import { describe, it, expect } from 'vitest';
import { ownVariablePrefix, privateOwnVariables } from '../../../../contracts/policy/css-own-variables';
import { checkInlineCss, checkStyleSheet } from '../../../../contracts/policy/stylesheet-check';
import type { StyleSheetOptions } from '../../../../contracts/policy/stylesheet-check';

const NO_HOSTS: StyleSheetOptions = { allowedHosts: [], everySite: false };
const P = ownVariablePrefix('1b2c3d4e-aaaa-bbbb-cccc-000000000000');
const reasons = (r: { ok: boolean; refusals?: { reason: string }[] }) => (r.refusals ?? []).map((x) => x.reason).join('\n');

describe('a var() where a url() would load, naming a property the sheet defines', () => {
  it('is accepted in style.css and dom.addStyle, and refused in h.setStyle (nothing renames it there)', () => {
    const css = ':root { --bg: #121212 } body { background: var(--bg) }';
    expect(checkStyleSheet(css, NO_HOSTS).ok).toBe(true);
    expect(checkInlineCss(css, { ownVariables: true }).ok).toBe(true);
    const inline = checkInlineCss('--bg: red; background: var(--bg)');
    expect(inline.ok).toBe(false);
    expect(reasons(inline)).toContain('background-color: var(--x)');
  });

  it('reads the remixlet\'s own copy after renaming; the page\'s property of that name is still set', () => {
    const out = privateOwnVariables(':root { --bg: #121212 } body { background: var(--bg); color: var(--fg) }', P);
    expect(out).toBe(`:root { --bg: #121212 ;${P}bg: #121212 } body { background: var(${P}bg); color: var(--fg) }`);
    expect(P).toBe('--rmx-1b2c3d4eaaaabbbb-');
    expect(checkStyleSheet(out, NO_HOSTS).ok).toBe(true);
  });

  it('doubles every definition in place, so the sheet\'s own cascade (media, classes, !important) is kept', () => {
    const css = ':root{--bg:#fff;--x:1px}\n.dark{--bg:#000!important;}\n@media (prefers-color-scheme: dark){:root{--bg:#111}}\n.a{border-image:var(--bg) 1; margin: var(--x)}';
    const out = privateOwnVariables(css, P);
    expect(out).toContain(`--bg:#fff;${P}bg:#fff;`);
    expect(out).toContain(`--bg:#000!important;${P}bg:#000!important;`);
    expect(out).toContain(`:root{--bg:#111;${P}bg:#111}`);
    expect(out).toContain(`border-image:var(${P}bg) 1`);
    // Not where it cannot load: left as written.
    expect(out).toContain('margin: var(--x)');
    expect(out).not.toContain(`${P}x`);
  });

  it('leaves a sheet without such a var() unchanged', () => {
    for (const css of ['a { color: var(--fg) }', '.x { background-color: var(--bg) } :root { --bg: red }', '']) expect(privateOwnVariables(css, P)).toBe(css);
  });

  it('still refuses what could bring in a page address: a property the sheet does not define, in any position', () => {
    for (const css of [
      'body { background: var(--page) no-repeat }',
      ':root { --bg: red } body { background: var(--bg, var(--page)) }',
      ':root { --bg: red } body { background: var(--page, var(--bg)) }',
      ':root { --bg: red } body { list-style: var(--bg) var(--page) }',
      // Defined only through an escape: the name it would be renamed by is not the text it replaces.
      ':root { --b\\67: red } body { background-image: var(--bg) }',
      ':root { --bg: red } body { background-image: var(--b\\67) }',
      // A definition that copies another property could copy the page's.
      ':root { --bg: var(--page) } body { background-image: var(--bg) }',
      // Case matters in custom property names: --BG is not --bg.
      ':root { --BG: red } body { background-image: var(--bg) }',
      // inherit() and custom functions are not var().
      ':root { --bg: red } body { background-image: inherit(--bg) }',
    ]) {
      const verdict = checkStyleSheet(css, NO_HOSTS);
      expect(verdict.ok, css).toBe(false);
      expect(checkInlineCss(css, { ownVariables: true }).ok, css).toBe(false);
    }
  });

  it('checks what the definitions hold like any address the sheet writes', () => {
    const css = ':root { --bg: url(https://evil.test/x) } body { background: var(--bg) }';
    const verdict = checkStyleSheet(css, NO_HOSTS);
    expect(verdict.ok).toBe(false);
    expect(reasons(verdict)).toContain('evil.test');
    expect(checkStyleSheet(css, { allowedHosts: ['evil.test'], everySite: false }).ok).toBe(true);
  });

  it('renames nested rules and a last definition with no semicolon', () => {
    const out = privateOwnVariables('.card { --bg: red; & .x { background: var(--bg) } }\n.y { --bg: blue }', P);
    expect(out).toBe(`.card { --bg: red;${P}bg: red; & .x { background: var(${P}bg) } }\n.y { --bg: blue ;${P}bg: blue }`);
  });
});
