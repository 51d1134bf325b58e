// Pseudo-classes whose match follows what a person typed into an editable password field (its children:
// :empty, :has()) or chose in a password select, checkbox or radio button (:checked, :indeterminate,
// :default): the page agent refuses them in dom selectors while the page has such a field. Read with
// css-tree, escaped, in any case, prefixed and nested; other pseudo-classes and names that merely contain
// the words are not caught.
import { describe, expect, test } from 'vitest';
import { CONTENT_STATE_PSEUDO_CLASSES, isContentStatePseudoClass, selectorContentStateTest } from '../../../../contracts/dom/value-selector';

describe('selectors that use a content or checked state', () => {
  test.each([
    ['#ed:empty', ':empty'],
    ['#ed:not(:empty)', ':empty'],
    ['#ed:EMPTY', ':empty'],
    ['#ed:\\65mpty', ':empty'],
    ['#ed:em\\70ty ~ #after', ':empty'],
    ['#ed:has(*)', ':has'],
    ['#ed:has(b)', ':has'],
    ['#line:has(#ed b)', ':has'],
    ['#line:HAS(> #ed)', ':has'],
    [':is(#line):has(+ p)', ':has'],
    ['#line:h\\61s(b)', ':has'],
    [':where(:not(:has(b)))', ':has'],
    ['#s option:checked', ':checked'],
    ['#s :checked', ':checked'],
    ['option:CHECKED', ':checked'],
    ['option:ch\\65 cked', ':checked'],
    ['#c:-webkit-checked', ':checked'],
    [':nth-child(1 of :checked)', ':checked'],
    ['#r:indeterminate', ':indeterminate'],
    ['option:default', ':default'],
    ['#c:/**/checked', ':checked'],
    ['.a >>> #ed:empty', ':empty'],
  ])('%s uses %s', (sel, found) => {
    expect(selectorContentStateTest(sel)).toBe(found);
  });

  test.each([
    '#ed',
    '.has-error',
    '[data-checked]',
    '#empty-state',
    'input.checked',
    '#ed > b',
    '#ed ~ #after',
    'a:hover',
    ':focus-within',
    'li:first-child',
    ':nth-child(2n+1)',
    ':not(.empty)',
    '[data-x=":checked"]',
    '::placeholder',
    '#defaults',
  ])('%s uses none', (sel) => {
    expect(selectorContentStateTest(sel)).toBeUndefined();
  });

  test('the names, prefixed or escaped', () => {
    expect([...CONTENT_STATE_PSEUDO_CLASSES].sort()).toEqual(['checked', 'default', 'empty', 'has', 'indeterminate']);
    expect(isContentStatePseudoClass('-moz-checked')).toBe(true);
    expect(isContentStatePseudoClass('\\68 as')).toBe(true);
    expect(isContentStatePseudoClass('hover')).toBe(false);
  });
});
