import { describe, it, expect } from 'vitest';
import { locator, tokenizeCss } from '../../../../contracts/policy/css-tokens';

function kinds(css: string): string[] {
  return tokenizeCss(css)
    .filter((t) => t.type !== 'whitespace')
    .map((t) => `${t.type}:${t.value}`);
}

describe('tokenizeCss (CSS Syntax Level 3)', () => {
  it('decodes escapes in names before recognising url(', () => {
    expect(kinds('\\75 \\72 \\6C (x)')).toEqual(['url:x']);
    expect(kinds('\\000075rl(x)')).toEqual(['url:x']);
    expect(kinds('u\\rl(x)')).toEqual(['url:x']);
    expect(kinds('\\55RL(x)')).toEqual(['url:x']);
    expect(kinds('ur\\0l(x)')).toEqual(['function:ur\uFFFDl', 'ident:x', '):)']);
  });
  it('makes url( with a quoted argument a function token', () => {
    expect(kinds('url( "a")')).toEqual(['function:url', 'string:a', '):)']);
    expect(kinds("url('a')")).toEqual(['function:url', 'string:a', '):)']);
  });
  it('keeps comment markers inside an unquoted url as url text', () => {
    expect(kinds('url(/**/https://a.test/x)')).toEqual(['url:/**/https://a.test/x']);
  });
  it('produces bad-url for whitespace, quotes and non-printables inside', () => {
    expect(kinds('url(a b)')[0]).toBe('bad-url:a');
    expect(kinds('url(a"b)')[0]).toBe('bad-url:a');
    expect(kinds('url(a\u0001b)')[0]).toBe('bad-url:a');
    expect(kinds('url(  a  )')).toEqual(['url:a']);
    expect(kinds('url(a\\)b)')).toEqual(['url:a)b']);
  });
  it('reads strings with escapes, continuations and bad strings', () => {
    expect(kinds("'\\\\'")).toEqual(['string:\\']);
    expect(kinds('"a\\\nb"')).toEqual(['string:ab']);
    expect(kinds('"a\\"b"')).toEqual(['string:a"b']);
    expect(kinds('"a\nb"')[0]).toBe('bad-string:a');
    expect(kinds('"\\9 "')).toEqual(['string:\t']);
  });
  it('turns NUL into U+FFFD', () => {
    expect(kinds('url(a\u0000b)')).toEqual(['url:a\uFFFDb']);
    expect(kinds('ab\u0000cd\u0000')).toEqual(['ident:ab\uFFFDcd\uFFFD']);
    expect(kinds('"x\u0000\u0000y"')).toEqual(['string:x\uFFFD\uFFFDy']);
  });
  it('keeps the text on both sides of escapes and NULs in names, strings and urls', () => {
    // Plain runs are copied in one piece around what is decoded: nothing before or after an escape is lost.
    expect(kinds('back\\67 round-\\63olor')).toEqual(['ident:background-color']);
    expect(kinds('"one\\74 wo\\"three"')).toEqual(['string:onetwo"three']);
    expect(kinds('url(  https://a.test/\\69mg\u0000.png  )')).toEqual(['url:https://a.test/img\uFFFD.png']);
    expect(kinds('url(ab cd)')[0]).toBe('bad-url:ab');
    expect(kinds('uRl(x)')).toEqual(['url:x']);
    expect(kinds('urls(x)')[0]).toBe('function:urls');
  });
  it('reads at-keywords, hashes, numbers and CDO/CDC', () => {
    expect(kinds('@\\69mport')).toEqual(['at-keyword:import']);
    expect(kinds('#fff #-x')).toEqual(['hash:fff', 'hash:-x']);
    expect(kinds('1.5em 50% -2 +.5 1e3 3e')).toEqual(['dimension:1.5em', 'percentage:50%', 'number:-2', 'number:+.5', 'number:1e3', 'dimension:3e']);
    expect(kinds('<!-- -->')).toEqual(['CDO:<!--', 'CDC:-->']);
  });
  it('keeps comments, including an unterminated one', () => {
    expect(kinds('a/* x */b')).toEqual(['ident:a', 'comment: x ', 'ident:b']);
    expect(kinds('a /* open')).toEqual(['ident:a', 'comment: open']);
  });
  it('never throws on arbitrary input', () => {
    let s = '';
    for (let i = 0; i < 2000; i++) s += String.fromCharCode((i * 7919) % 0x3000);
    expect(() => tokenizeCss(s)).not.toThrow();
    expect(() => tokenizeCss('\\')).not.toThrow();
    expect(kinds('\\')).toEqual(['ident:\uFFFD']);
  });
});

describe('locator', () => {
  it('counts CRLF, CR, LF and FF as one newline each', () => {
    const where = locator('a\r\nb\rc\nd\fe');
    expect(where(0)).toEqual({ line: 1, column: 1 });
    expect(where(3)).toEqual({ line: 2, column: 1 });
    expect(where(5)).toEqual({ line: 3, column: 1 });
    expect(where(7)).toEqual({ line: 4, column: 1 });
    expect(where(9)).toEqual({ line: 5, column: 1 });
  });
});
