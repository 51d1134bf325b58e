// Context: shared (pure). The HTML character references a check must decode to read markup or a style
// attribute as the browser will (the script check's HTML reader, the stylesheet check's HTML-spelled loads).
// Only the references that spell URL and CSS punctuation are named; a numeric reference is any code point.
// Written here because an entity library (the full 2,231-name table) is more than these checks need.

const NAMED: Record<string, string> = {
  lpar: '(', rpar: ')', colon: ':', sol: '/', bsol: '\\', quot: '"', apos: "'", lt: '<', gt: '>', amp: '&',
  commat: '@', num: '#', period: '.', semi: ';', excl: '!', quest: '?', tab: '\t', newline: '\n', nbsp: '\u00a0',
  lsqb: '[', rsqb: ']',
};

/** Decodes numeric references (an out-of-range one is U+FFFD, as the parser makes it) and the named ones above. */
export function decodeHtmlReferences(s: string): string {
  return s.replace(/&(?:#[xX]([0-9a-fA-F]{1,6})|#(\d{1,7})|([a-zA-Z]{2,10}));?/g, (whole, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED[name.toLowerCase()] ?? whole;
    const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
  });
}
