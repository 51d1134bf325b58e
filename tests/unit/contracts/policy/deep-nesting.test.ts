// Issue 25's two crash cases: benign sheets with deeply nested rules made css-tree's walk overflow the
// stack, so saving answered `error` and insertion logged a RangeError. The same sheets now get one typed
// refusal wherever style.css is checked (save and activation run checkRemixletFiles, insertion runs
// checkStoredStyleSheet, dom.addStyle runs checkInlineCss), naming the limit and where it was passed;
// nesting up to the limit is still accepted. The CLI's answer is in tests/unit/scripts/cli/check.test.ts,
// the page agent's in tests/unit/page-agent/ops/writes.test.ts.
import { describe, expect, it } from 'vitest';
import { checkRemixletFiles } from '../../../../contracts/save-checks';
import { checkInlineCss, checkStoredStyleSheet, checkStyleSheet } from '../../../../contracts/policy/stylesheet-check';
import { MAX_CSS_NESTING } from '../../../../contracts/policy/css-tokens';
import { checkScript } from '../../../../contracts/policy/script-check';

const manifest = JSON.stringify({ name: 'Deep', description: 'd', matches: ['*://shop.test/*'], permissions: [] });
const opts = { allowedHosts: ['shop.test'], everySite: false };
const nested = (open: string, n: number) => `${open}{`.repeat(n) + 'color: red' + '}'.repeat(n);

const SHEETS = {
  'nested rules': (n: number) => nested('.a', n),
  'nested @media': (n: number) => nested('@media screen', n),
  'nested & rules': (n: number) => nested('&', n),
};
const LIMIT_PASSED = new RegExp(`^line 1, column \\d+: blocks, brackets and functions nest more than ${MAX_CSS_NESTING} deep here`);

describe.each(Object.entries(SHEETS))('a benign sheet of %s', (_name, sheet) => {
  it('5,000 deep: one STYLE_SYNTAX refusal at save, insertion and dom.addStyle alike', () => {
    const css = sheet(5_000);
    const saved = checkRemixletFiles({ 'manifest.json': manifest, 'style.css': css });
    expect(saved.ok).toBe(false);
    const refusals = saved.ok ? [] : saved.refusals;
    expect(refusals.map((r) => [r.file, r.code])).toEqual([['style.css', 'STYLE_SYNTAX']]);
    expect(refusals[0]?.reason).toMatch(LIMIT_PASSED);
    const stored = checkStoredStyleSheet(css, opts).verdict;
    const inline = checkInlineCss(css);
    expect(stored).toEqual(checkStyleSheet(css, opts));
    expect(stored.ok ? [] : stored.refusals.map((r) => r.reason)).toEqual(refusals.map((r) => r.reason));
    expect(inline.ok ? [] : inline.refusals.map((r) => r.reason)).toEqual(refusals.map((r) => r.reason));
  });

  it(`${MAX_CSS_NESTING} deep is accepted everywhere`, () => {
    const css = sheet(MAX_CSS_NESTING);
    expect(checkRemixletFiles({ 'manifest.json': manifest, 'style.css': css }).ok).toBe(true);
    expect(checkStoredStyleSheet(css, opts).verdict.ok).toBe(true);
    expect(checkInlineCss(css).ok).toBe(true);
  });
});

describe('scripts nested past the limits', () => {
  it('brackets 5,000 deep: SCRIPT_SYNTAX naming the limit, not the stack', () => {
    const r = checkScript('x = ' + '['.repeat(5_000) + ']'.repeat(5_000));
    expect(r.ok ? [] : r.refusals.map((x) => x.code)).toEqual(['SCRIPT_SYNTAX']);
    expect(r.ok ? '' : r.refusals[0]?.reason).toMatch(/brackets, braces and template expressions nest more than 256 deep/);
  });
  it('a chain of 5,000 property reads: SCRIPT_SYNTAX naming the tree depth', () => {
    const r = checkScript('x = a' + '.b'.repeat(5_000) + ';');
    expect(r.ok ? '' : r.refusals[0]?.reason).toMatch(/expressions and statements nest more than 500 deep/);
  });
  it('brackets 256 deep still pass', () => {
    expect(checkScript('x = ' + '['.repeat(256) + ']'.repeat(256) + ';').ok).toBe(true);
  });
});
