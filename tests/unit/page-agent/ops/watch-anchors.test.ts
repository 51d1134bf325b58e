// Which keep selectors an id anchors (page-agent/ops/watch-anchors.ts): only those whose every match is
// the anchor or inside it, and whose matching reads nothing but the anchor's subtree and its ancestors.
// A wrong "anchored" would leave a keep blind to changes that matter, so the refusals matter most.
import { describe, expect, test } from 'vitest';
import { anchorIds } from '../../../../page-agent/ops/watch-anchors';

describe('anchorIds', () => {
  test.each([
    ['#feed li', ['#feed']],
    ['#header .ad:not([style*="none"])', ['#header']],
    ['body.dark main > #header .ad', ['#header']],
    ['#outer #inner p', ['#inner']],
    ['#feed li + li ~ li', ['#feed']],
    ['#feed li:has(+ li.hot)', ['#feed']],
    ['#feed > li:nth-child(2 of .x)', ['#feed']],
    ['#header', ['#header']],
    ['div:first-child #a\\:b span', ['#a\\:b']],
    ['#a li, #b li, #a p', ['#a', '#b']],
  ])('%s is anchored by %j', (sel, ids) => {
    expect(anchorIds(sel)).toEqual(ids);
  });

  test.each([
    ['.ad', 'no id'],
    ['#feed li, .ad', 'one selector of the list has no anchor'],
    ['#feed ~ p', 'a sibling of the anchor is outside it'],
    ['#feed + p li', 'a sibling combinator left of the match'],
    ['.x ~ #feed li', "a sibling of the anchor decides whether it counts"],
    ['#feed:has(~ p) li', ':has() on the anchor can read its siblings'],
    [':is(#feed) li', 'an id inside a pseudo-class argument'],
    [':not(.x) #feed li', 'a selector argument left of the anchor'],
    ['li:nth-child(2 of .x) #feed p', 'siblings read left of the anchor'],
    ['#feed li[[[', 'does not parse'],
    ['#feed li:is(body:has(.x) *)', 'a complex selector in an argument right of the anchor reads the whole page'],
    ['#feed li:not(.banner + * *)', 'likewise, through siblings elsewhere'],
    ['#feed li:nth-child(1 of .a .b)', 'likewise, through its of-selector'],
    ['#feed li:has(:is(body .x))', 'nested in :has()'],
    ['', 'empty'],
  ])('%s has none (%s)', (sel) => {
    expect(anchorIds(sel)).toBeNull();
  });
});
