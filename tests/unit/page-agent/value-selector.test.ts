// Whether a selector or stylesheet tests the value attribute, in every spelling the selector engine
// accepts; other attribute selectors are not caught.
import { describe, expect, test } from 'vitest';
import { selectorTestsValue, sheetValueSelectors } from '../../../contracts/dom/value-selector';
import { checkStyleSheet, dropValueReads } from '../../../contracts/policy/stylesheet-check';

describe('selectors that test the value attribute', () => {
  test.each([
    '[value]',
    'input[value^="a"]',
    'input[value$=a]',
    'input[value*="b"]',
    'input[value~=c]',
    'input[value|=d]',
    'input[value="e"]',
    'input[value="e" i]',
    'input[value="e" s]',
    'input[VALUE^=a]',
    'input[VaLuE^=a]',
    'input[v\\61lue^=a]',
    'input[\\76 alue^=a]',
    'input[\\000076alue^=a]',
    'input[val\\ue^=a]',
    'input[*|value^=a]',
    'input[|value^=a]',
    'input[svg|value^=a]',
    'input[ value ^= a ]',
    'input[/* x */value^=a]',
    ':is(input[value^=a])',
    'form:where(.x) :is(div, [value^=a])',
    ':not(:not([value^=a]))',
    'form:has(input[value^=a])',
    'li:nth-child(2 of [value^=a])',
    'li:nth-last-child(odd of [value])',
    ':host([value])',
    '::slotted([value])',
    ':-webkit-any([value^=a])',
    'div, input[value^=a]',
    ':unknown-pseudo([value])',
  ])('%s tests it', (sel) => {
    expect(selectorTestsValue(sel)).toBe(true);
  });

  test.each(['input[type=password]', '[data-value]', '[aria-valuenow="3"]', '.value', '#value', 'input:checked', 'a[href^="https"]', 'input[name=value]', '[valuex]', 'div > p', '[data-v\\61lue]'])(
    '%s does not',
    (sel) => {
      expect(selectorTestsValue(sel)).toBe(false);
    },
  );
});

describe('stylesheets', () => {
  test('finds value selectors in rules, nested rules and at-rule preludes', () => {
    expect(sheetValueSelectors('a{color:red} input[value^=a]{width:1px}')).toHaveLength(1);
    expect(sheetValueSelectors('@media screen { form:has([value$=z]) { width: 2px } }')).toHaveLength(1);
    expect(sheetValueSelectors('@scope ([value^=a]) { b { color: red } }').length).toBeGreaterThan(0);
    expect(sheetValueSelectors('a[href]{color:red} .value{color:blue} b::after{content:"[value]"}')).toEqual([]);
  });

  test('dropValueReads leaves out only those rules and attr(value) declarations, and keeps the sheet valid', () => {
    const css = '.card{color:red}\ninput[type=password][value^="a"]{width:11px}\n.x{margin:0}\ninput{--v:attr(value);color:blue}';
    const out = dropValueReads(css);
    expect(out.removed).toEqual([
      { line: 2, reason: expect.stringMatching(/selector .*value.* tests the value attribute/) },
      { line: 4, reason: expect.stringContaining('attr(value)') },
    ]);
    expect(out.css).toContain('.card');
    expect(out.css).toContain('.x');
    expect(out.css).toContain('color:blue');
    expect(out.css).not.toMatch(/value/);
    expect(checkStyleSheet(out.css, { allowedHosts: [], everySite: false }).ok).toBe(true);
    expect(dropValueReads('.a{color:red}')).toEqual({ css: '.a{color:red}', removed: [] });
  });
});
