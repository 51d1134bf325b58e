// Whether a selector or stylesheet depends on a form field's value: the value attribute, in every spelling
// the selector engine accepts, or a pseudo-class whose match follows the value (:placeholder-shown,
// :invalid, :autofill, …), escaped, in any case, prefixed and nested; other attribute selectors and
// pseudo-classes are not caught.
import { describe, expect, test } from 'vitest';
import { guardValueStates, readSheetValueStates, selectorTestsValue, selectorValueTest, sheetValueSelectors, UnguardedValueState, valueTestingRules } from '../../../../contracts/dom/value-selector';
import { VALUE_STATE_GUARD } from '../../../../contracts/dom/password-css';
import { checkStyleSheet, dropValueReads } from '../../../../contracts/policy/stylesheet-check';

describe("selectors that test the page agent's mark on a field it remembers as masked", () => {
  test.each(['input[data-rmx-masked]', '[DATA-RMX-MASKED]', 'form :is([data-rmx-masked]) ~ b', 'input[data-rmx-m\\61sked]', '#pw:not([data-rmx-masked])', 'form:has(input[data-rmx-masked])'])(
    '%s is refused wherever the value attribute would be',
    (sel) => {
      expect(selectorValueTest(sel)).toBe('the data-rmx-masked attribute');
      expect(checkStyleSheet(`${sel} { color: red }`, { allowedHosts: [], everySite: false }).ok).toBe(false);
    },
  );
  test('the page\'s own data attributes, and remixlet marks, are not caught', () => {
    for (const sel of ['input[data-masked]', '[data-rmx-abcd1234-masked]', 'input[data-rmx]']) expect(selectorValueTest(sel), sel).toBeUndefined();
  });
});

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
      { line: 2, reason: expect.stringMatching(/selector .*value.* depends on a form field's value \(the value attribute\)/) },
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

describe('pseudo-classes whose match depends on the value', () => {
  // Each name the list holds, as written in a selector.
  const NAMES = [
    ':placeholder-shown',
    ':blank',
    ':valid',
    ':invalid',
    ':user-valid',
    ':user-invalid',
    ':in-range',
    ':out-of-range',
    ':autofill',
    ':-webkit-autofill',
    ':-webkit-autofill-strong-password',
    ':-internal-autofill-selected',
    ':-internal-autofill-previewed',
    ':-moz-ui-invalid',
    ':-moz-ui-valid',
    ':-moz-submit-invalid',
    ':-moz-placeholder',
    ':dir(rtl)',
    ':state(checked)',
    ':--legacy-state',
  ];
  test.each(NAMES)('#pw%s depends on it', (pseudo) => {
    expect(selectorTestsValue(`#pw${pseudo}`)).toBe(true);
  });

  test.each([
    // case
    ['#pw:PLACEHOLDER-SHOWN', ':placeholder-shown'],
    ['#pw:Invalid', ':invalid'],
    ['#pw:-WEBKIT-AUTOFILL', ':-webkit-autofill'],
    // escapes: hex, with a space terminator, six digits, a plain escaped letter
    ['#pw:v\\61lid', ':valid'],
    ['#pw:\\69 nvalid', ':invalid'],
    ['#pw:\\000070laceholder-shown', ':placeholder-shown'],
    ['#pw:in-r\\61nge', ':in-range'],
    ['#pw:\\-webkit-autofill', ':-webkit-autofill'],
    // a comment between the colon and the name (CSS drops it)
    ['#pw:/**/valid', ':valid'],
    ['#pw:/* x */placeholder-shown', ':placeholder-shown'],
    ['form:has(#pw:/**/in-range)', ':in-range'],
    // nesting
    ['form:has(#pw:valid)', ':valid'],
    ['form:has(> div #pw:invalid) button', ':invalid'],
    [':is(#pw:placeholder-shown)', ':placeholder-shown'],
    [':where(.a, #pw:user-invalid)', ':user-invalid'],
    ['#pw:not(:placeholder-shown)', ':placeholder-shown'],
    [':not(:not(:not(:in-range)))', ':in-range'],
    ['li:nth-child(2 of :invalid)', ':invalid'],
    ['li:nth-last-child(odd of :autofill)', ':autofill'],
    [':host(:invalid)', ':invalid'],
    [':host-context(form:invalid)', ':invalid'],
    ['::slotted(:placeholder-shown)', ':placeholder-shown'],
    [':-webkit-any(:out-of-range)', ':out-of-range'],
    ['form:h\\61s(#pw:valid)', ':valid'],
    [':unknown-pseudo(:invalid)', ':invalid'],
    // form-level: by the name alone
    ['form:invalid', ':invalid'],
    ['fieldset:valid .hint', ':valid'],
    ['form:has(:user-invalid) button[type=submit]', ':user-invalid'],
    // a list
    ['.a, .b, #pw:blank', ':blank'],
  ])('%s depends on it (%s)', (sel, what) => {
    // Exactly the name when css-tree reads the selector; the text fallback says it in a sentence.
    expect(selectorValueTest(sel)).toContain(what);
  });

  test('the value attribute is named as such', () => {
    expect(selectorValueTest('input[v\\61lue^=a]')).toBe('the value attribute');
  });

  test.each([
    '.valid',
    '.invalid',
    '#placeholder-shown',
    '[data-valid]',
    '[data-state="open"]',
    '[aria-invalid="true"]',
    'input:focus',
    'input:focus-visible',
    'form:focus-within',
    'input:checked',
    'input[type=checkbox]:checked',
    'option:checked',
    'input:indeterminate',
    'input:required',
    'input:optional',
    'input:read-only',
    'input:read-write',
    'button:default',
    'input:disabled',
    'input:enabled',
    'div:empty',
    'a:hover',
    'a:visited',
    'li:first-child',
    'input::placeholder',
    'input::-webkit-input-placeholder',
    'p:lang(fr)',
    'details:open',
    'dialog:modal',
    '[popover]:popover-open',
    'label.range-slider',
    '.direction-rtl',
    'input[type=range]',
    '[dir=rtl] .x',
  ])('%s does not', (sel) => {
    expect(selectorValueTest(sel)).toBeUndefined();
  });

  test('in stylesheets: what is refused (the value attribute, unguarded states, at-rule preludes), with what each tests', () => {
    expect(valueTestingRules('a{color:red} #pw:dir(rtl){width:1px}').map((r) => r.test)).toEqual([':dir']);
    expect(valueTestingRules('@scope (form:invalid) { b { color: red } }').length).toBeGreaterThan(0);
    expect(valueTestingRules('form { input[value^="a"] { width: 11px } }').map((r) => r.test)).toEqual(['the value attribute']);
    expect(valueTestingRules('.a { color: red; #pw:state(x) { width: 1px } }').map((r) => r.test)).toEqual([':state']);
    expect(valueTestingRules('.a { color: red; b:hover { color: blue } .c { --x: {}; } }')).toEqual([]);
    expect(valueTestingRules('a:hover{color:red} .valid{color:blue} input::placeholder{color:gray} b::after{content:":invalid"}')).toEqual([]);
  });

  test('in stylesheets: guarded states are placed where the guard goes, nested rules css-tree reads as declarations included', () => {
    const guardsOf = (css: string) => readSheetValueStates(css);
    const at = (css: string, ...needles: string[]) => needles.map((n) => css.indexOf(n));
    let css = 'a{color:red} #pw:placeholder-shown{width:1px}';
    expect(guardsOf(css)).toEqual({ refused: [], guards: at(css, ':placeholder-shown') });
    css = '@media screen { form:has(#pw:v\\61lid) { width: 2px } }';
    expect(guardsOf(css)).toEqual({ refused: [], guards: at(css, ':v\\61lid') });
    css = '.a { &:invalid { color: red } }';
    expect(guardsOf(css)).toEqual({ refused: [], guards: at(css, ':invalid') });
    css = '.a { color: red; input:invalid { width: 1px } }';
    expect(guardsOf(css)).toEqual({ refused: [], guards: at(css, ':invalid') });
    css = '.a { #pw:placeholder-shown { width: 1px } }';
    expect(guardsOf(css)).toEqual({ refused: [], guards: at(css, ':placeholder-shown') });
    css = '@media all { .a { :is(#pw:valid) { color: red } } }';
    expect(guardsOf(css)).toEqual({ refused: [], guards: at(css, ':valid') });
    css = 'input:in-range, :not(:user-invalid), x:-webkit-autofill { color: red }';
    expect(guardsOf(css)).toEqual({ refused: [], guards: at(css, ':in-range', ':user-invalid', ':-webkit-autofill') });
    // A rule with a refused part gives no guards: the sheet is refused whole.
    expect(guardsOf('#pw:valid[value] { color: red }')).toMatchObject({ guards: [], refused: [{ test: 'the value attribute' }] });
  });

  test('guardValueStates puts the guard in front of each guarded state and leaves the rest as written', () => {
    expect(guardValueStates('form:has(input:invalid) b { opacity: .5 }')).toBe(`form:has(input${VALUE_STATE_GUARD}:invalid) b { opacity: .5 }`);
    expect(guardValueStates('.a { b:hover { c: d } }')).toBe('.a { b:hover { c: d } }');
    expect(() => guardValueStates('#pw:dir(ltr) { color: red }')).toThrow(UnguardedValueState);
  });
});
