// The plain selector reader (page-agent/ops/selector-parts.ts) against css-tree: wherever the plain reader
// answers, its parts are css-tree's, part for part; where it is unsure, it leaves the text to css-tree. A
// disagreement would put a keep's watch on the wrong place (watch-anchors.ts), so thousands of selectors
// made from the pieces remixlets write, and the malformed ones they sometimes do, are read both ways.
import { describe, expect, test } from 'vitest';
import { cssTreeSelectorParts, plainSelectorParts } from '../../../../page-agent/ops/selector-parts';

const PIECES = [
  'div', 'li', '*', 'a-b', '_x', '-x', 'DIV',
  '#feed', '#a_b', '#-x', '#Main-Content', '#1a', '#--x', '#a\\:b', '#café',
  '.ad', '.x-y', '.A', '.9',
  '[x]', '[data-a="v w"]', '[style*="none"]', "[a='1' i]", '[x=1]', '[ hidden ]', '[lang|=en]', '[x="a)b"]', '[x="a,b"]', '[ns|x]',
  ':hover', ':first-child', ':not(.x)', ':not([style*="none"])', ':is(.a, .b)', ':has(> a)', ':has(+ li.hot)', ':has(.a .b)',
  ':not(.a .b)', ':where(#q p)', ':is(.a > .b)', ':not(.a+.b)', ':nth-child(2)', ':nth-child(2n+1)', ':lang(en)', '::before', ':is(:not(.x))',
  ':NOT(.x)', ':not()', ':has()', ':not(,)', ':not(.a,)', ':has(> )', ':has(~ p, > q)',
];
const JOINS = ['', '', '', ' ', ' ', '>', ' > ', '+', ' ~ ', ', ', ',', '  ', '\n'];
const BROKEN = ['[', ')', '(', '\\', 'é', '|', '"', '>>', ',,', '!', '  ', '&'];

/** A small seeded generator, so every run reads the same selectors. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

function selectors(count: number): string[] {
  const next = random(29);
  const pick = <T,>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    let text = next() < 0.2 ? pick(JOINS) : '';
    const pieces = 1 + Math.floor(next() * 6);
    for (let i = 0; i < pieces; i++) text += (i ? pick(JOINS) : '') + (next() < 0.05 ? pick(BROKEN) : pick(PIECES));
    if (next() < 0.1) text += pick(JOINS);
    out.push(text);
  }
  return out;
}

describe('plainSelectorParts', () => {
  const corpus = selectors(6_000);

  test('wherever it answers, css-tree reads the same parts', () => {
    const disagreements: string[] = [];
    for (const text of corpus) {
      const plain = plainSelectorParts(text);
      if (plain === undefined) continue;
      const css = cssTreeSelectorParts(text);
      if (JSON.stringify(plain) !== JSON.stringify(css)) disagreements.push(`${JSON.stringify(text)}: ${JSON.stringify(plain)} against ${JSON.stringify(css)}`);
    }
    expect(disagreements.slice(0, 5)).toEqual([]);
  });

  test('it answers for much of what parses, and leaves what it is unsure of to css-tree', () => {
    const parsing = corpus.filter((text) => cssTreeSelectorParts(text) !== null);
    const answered = parsing.filter((text) => plainSelectorParts(text) !== undefined);
    // The reader is only worth having if keeps' plain selectors skip css-tree; the corpus mixes in many it must leave.
    expect(answered.length / parsing.length).toBeGreaterThan(0.25);
    for (const unsure of ['#a\\:b li', '#café p', '#feed li::before', '#feed li:nth-child(2n+1)', '#feed li:is(:not(.x))', 'ns|div #a', '#feed [x=1]'])
      expect(plainSelectorParts(unsure), unsure).toBeUndefined();
  });

  test.each([
    ['#banner:not([style*="none"])', 'id pseudo'],
    ['#feed > li.hot + li ~ li', 'id combinator type class combinator type combinator type'],
    ['#feed li:has(+ li.hot)', 'id combinator type pseudo'],
    ['body.dark main > #header .ad', 'type class combinator type combinator id combinator class'],
  ])('reads %s plainly', (text, kinds) => {
    expect(plainSelectorParts(text)?.map((s) => s.map((p) => p.kind).join(' '))).toEqual([kinds]);
  });
});
