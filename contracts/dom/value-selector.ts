// Context: shared (pure): the page agent (every selector a remixlet passes, dom.addStyle sheets), the
// style.css checks (contracts/policy/stylesheet-check.ts, at save and at insertion), and Node tests.
// Trusts nothing: selectors and CSS are remixlet-written.
// Whether a selector tests the `value` attribute: with any operator or none, in any case, escaped
// (v\61lue, \76 alue), namespaced (*|value, |value, ns|value), or nested in :is/:where/:not/:has/
// :nth-child(… of S)/:host()/::slotted(). Read with css-tree's selector parser, not a regex, and
// conservatively: when css-tree cannot give a structured reading, the decoded text decides.
// css-tree's parser, walker and generator entry points: the same functions, without the lexer (contracts/css-tree-parts.d.ts).
import parse from 'css-tree/parser';
import walk from 'css-tree/walker';
import generate from 'css-tree/generator';
import { ident } from 'css-tree/utils';
import type { CssNode } from 'css-tree';
import { nestingBeyond, tokenizeCss } from '../policy/css-tokens';

const MAX_NESTING = 8;

function lowerAscii(s: string): string {
  return s.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

function decode(s: string): string {
  try {
    return ident.decode(s);
  } catch {
    return s;
  }
}

/** An attribute name as the selector engine compares it: namespace prefix dropped, escapes decoded, ASCII lower case. */
function isValueName(raw: string): boolean {
  const bar = raw.lastIndexOf('|');
  const local = bar === -1 ? raw : raw.slice(bar + 1);
  return lowerAscii(decode(local).trim()) === 'value';
}

/** Whether css-tree may be handed this text: nested deeper than the style checks allow, it could exhaust the stack. */
function shallowEnough(css: string): boolean {
  return nestingBeyond(tokenizeCss(css)) === undefined;
}

/** The text fallback: after decoding escapes, does any word "value" appear? (Over-refuses, never under-refuses.) */
function textMentionsValue(text: string): boolean {
  return /value/.test(lowerAscii(decode(text)));
}

function astTestsValue(ast: CssNode, depth: number): boolean {
  let found = false;
  walk(ast, (node) => {
    if (found) return;
    if (node.type === 'AttributeSelector') {
      if (isValueName(node.name.name)) found = true;
    } else if (node.type === 'Raw') {
      // An argument css-tree does not structure (e.g. an unknown pseudo-class): read it as a selector list.
      found = depth >= MAX_NESTING ? textMentionsValue(node.value) : selectorTestsValueAt(node.value, depth + 1);
    }
  });
  return found;
}

function selectorTestsValueAt(sel: string, depth: number): boolean {
  if (!sel.includes('[') && !sel.includes('\\')) return false;
  if (!shallowEnough(sel)) return textMentionsValue(sel);
  let broken = false;
  try {
    const ast = parse(sel, { context: 'selectorList', onParseError: () => (broken = true) });
    return broken ? textMentionsValue(sel) : astTestsValue(ast, depth);
  } catch {
    // Last resort (a stack overflow shallowEnough did not foresee): the conservative reading.
    return textMentionsValue(sel);
  }
}

/** Whether a selector (list) tests the value attribute in any spelling. */
export function selectorTestsValue(sel: string): boolean {
  // Without a backslash no escape can spell it, so an attribute named value (in any ASCII case, which is
  // how the engine compares attribute names) needs those five letters in the text: most selectors
  // (#target, .row > a) are answered without parsing.
  if (!sel.includes('\\') && !/value/i.test(sel)) return false;
  return selectorTestsValueAt(sel, 0);
}

function preludeTestsValue(prelude: CssNode): boolean {
  if (prelude.type !== 'Raw') return astTestsValue(prelude, 0);
  return selectorTestsValue(prelude.value) || (textMentionsValue(prelude.value) && prelude.value.includes('['));
}

type ValueTestingRule = { offset: number; selector: string };

/** Whether a sheet could test the value attribute at all: an attribute selector needs a "[", unless an escape hides it. */
export function sheetMayTestValue(css: string): boolean {
  return css.includes('[') || css.includes('\\');
}

/**
 * Of a stylesheet's rule and at-rule preludes (css-tree, parsed with positions), those that test the value
 * attribute, each with its offset and as written (up to 200 characters). The style.css check passes the
 * preludes of the parse it already made for its load cross-check, so a sheet is parsed once.
 */
export function valueTestingPreludes(preludes: readonly CssNode[]): ValueTestingRule[] {
  const out: ValueTestingRule[] = [];
  for (const prelude of preludes) {
    if (preludeTestsValue(prelude)) out.push({ offset: prelude.loc?.start.offset ?? 0, selector: generate(prelude).slice(0, 200) });
  }
  return out;
}

/** For a sheet css-tree could not parse at all: counted as testing the value when its decoded text mentions it. */
export function unparsedSheetValueRules(css: string): ValueTestingRule[] {
  return textMentionsValue(css) ? [{ offset: 0, selector: css.slice(0, 200) }] : [];
}

/**
 * The rules of a stylesheet whose selectors test the value attribute, each with the offset of its selector
 * and the selector as written (up to 200 characters): rule selectors, nested rules, and selectors in
 * at-rule preludes (@scope, @supports selector()). A prelude css-tree cannot structure counts when its
 * decoded text mentions "value".
 */
export function valueTestingRules(css: string): ValueTestingRule[] {
  if (!sheetMayTestValue(css)) return [];
  if (!shallowEnough(css)) return unparsedSheetValueRules(css);
  try {
    const ast = parse(css, { context: 'stylesheet', positions: true, parseValue: false, parseCustomProperty: false, onParseError: () => undefined });
    const preludes: CssNode[] = [];
    walk(ast, (node) => {
      if ((node.type === 'Rule' || node.type === 'Atrule') && node.prelude) preludes.push(node.prelude);
    });
    return valueTestingPreludes(preludes);
  } catch {
    // Last resort (a stack overflow shallowEnough did not foresee): the conservative reading.
    return unparsedSheetValueRules(css);
  }
}

/** The selectors of a stylesheet that test the value attribute (valueTestingRules), each as written. */
export function sheetValueSelectors(css: string): string[] {
  return valueTestingRules(css).map((r) => r.selector);
}
