import { describe, it, expect } from 'vitest';
import { checkInlineCss, checkStyleSheet, stripLoads } from '../../../../contracts/policy/stylesheet-check';
import { checkScript } from '../../../../contracts/policy/script-check';
import { FILE_LIMITS } from '../../../../contracts/policy/manifest';

// The checks run in the worker on every save and in the page on every insertion: a crafted file at the
// size limit must not stall them, nor crash them. Each case is at (or near) the file limit and must come back
// with a verdict. The deadline below is one only a hang (exponential backtracking, an endless walk) would
// miss; how fast they are is bench/save-checks.bench.ts's question.
const CSS_MAX = FILE_LIMITS['style.css'];
const JS_MAX = FILE_LIMITS['script.js'];
const opts = { allowedHosts: ['shop.test'], everySite: false };

const HANG = { timeout: 60_000 };

describe('stylesheet checks stay fast on hostile sheets', HANG, () => {
  const sheets: Record<string, string> = {
    'many [': '['.repeat(CSS_MAX),
    'many attr(': 'a{b:' + 'attr('.repeat(CSS_MAX / 5) + '}',
    'many @import': '@import'.repeat(CSS_MAX / 7),
    'many comments': '/**/'.repeat(CSS_MAX / 4),
    'spaces inside a url string': `a{b:url("${' '.repeat(CSS_MAX - 20)}x")}`,
    'many rules with loads': 'a{b:url(https://evil.test/x)}'.repeat(CSS_MAX / 30),
    'deep nesting': 'a{'.repeat(CSS_MAX / 2),
    'many entities': '&#40;'.repeat(CSS_MAX / 5),
  };
  it.each(Object.entries(sheets))('%s', (_name, css) => {
    expect(typeof checkStyleSheet(css, opts).ok).toBe('boolean');
    expect(typeof checkInlineCss(css).ok).toBe('boolean');
  });
  it('stripLoads on a large legacy sheet is fast and clean', () => {
    const css = '.a{color:red;background:url(https://evil.test/x)} .b{margin:0}\n'.repeat(CSS_MAX / 66);
    const value = stripLoads(css, opts);
    expect(checkStyleSheet(value.css, opts).ok).toBe(true);
    expect(value.css).toContain('.b{margin:0}');
  });
  it('stripLoads never returns a refused sheet, even for nesting css-tree cannot handle', () => {
    const css = 'a{'.repeat(20_000) + 'background:url(https://evil.test/x)';
    const out = stripLoads(css, opts);
    expect(checkStyleSheet(out.css, opts).ok).toBe(true);
  });
});

describe('script check stays fast on hostile scripts', HANG, () => {
  it('folds exponential const chains within its budget', () => {
    let src = "const a0 = 'scr';\n";
    for (let i = 1; i < 40; i++) src += `const a${i} = a${i - 1} + a${i - 1};\n`;
    src += 'document.createElement(a39);\n'.repeat(200);
    // 'scr' doubled 39 times never spells a script element: the fold gives up within its budget, and says so by
    // letting the benign file through rather than hanging on 1.6 TB of string.
    expect(checkScript(src).ok).toBe(true);
  });
  it('handles long markup strings and long whitespace runs', () => {
    const src = `el.innerHTML = '${'<'.repeat(JS_MAX / 4)}';\nel.innerHTML = 'href=${' '.repeat(JS_MAX / 4)}x';`;
    expect(typeof checkScript(src).ok).toBe('boolean');
  });
  it('refuses, rather than throws on, absurd nesting', () => {
    const src = 'x = ' + '['.repeat(50_000) + ']'.repeat(50_000);
    const r = checkScript(src);
    expect(r.ok).toBe(false);
  });
});
