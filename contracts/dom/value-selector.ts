// Context: shared (pure): the page agent (every selector a remixlet passes, dom.addStyle sheets), the
// style.css checks (contracts/policy/stylesheet-check.ts, at save and at insertion), and Node tests.
// Trusts nothing: selectors and CSS are remixlet-written.
// Whether a selector depends on a form field's value. Two kinds, one notion:
// - it tests the `value` attribute: with any operator or none, in any case, escaped (v\61lue, \76 alue),
//   namespaced (*|value, |value, ns|value);
// - it uses a pseudo-class whose match follows the value (VALUE_STATE_PSEUDO_CLASSES): :placeholder-shown,
//   :valid, :invalid, :user-valid, :in-range, :autofill, :blank, :dir() and the rest, in any case, escaped
//   (:v\61lid), vendor-prefixed (:-webkit-autofill, :-moz-ui-invalid) or -internal-; form-level ones
//   (form:invalid, fieldset:valid) count by their name, since a form is invalid when one of its fields is.
// Either may be nested in :is/:where/:not/:has/:nth-child(… of S)/:host()/::slotted(). Read with css-tree's
// selector parser, not a regex, and conservatively: when css-tree cannot give a structured reading, the
// decoded text decides.
// css-tree's parser, walker and generator entry points: the same functions, without the lexer (contracts/css-tree-parts.d.ts).
import parse from 'css-tree/parser';
import walk from 'css-tree/walker';
import generate from 'css-tree/generator';
import { ident } from 'css-tree/utils';
import type { CssNode } from 'css-tree';
import { nestingBeyond, tokenizeCss } from '../policy/css-tokens';
import type { CssToken } from '../policy/css-tokens';
import { MASKED_MARK, VALUE_STATE_GUARD } from './password-css';

const MAX_NESTING = 8;

/**
 * Pseudo-classes (vendor prefix removed, ASCII lower case) whose match depends on what is typed into a
 * field, so that which elements match, and every style they get, could spell a password out:
 * - emptiness: placeholder-shown (and -moz-placeholder), blank;
 * - constraint validation against the page's required, minlength, maxlength, pattern, min, max, type:
 *   valid, invalid, user-valid, user-invalid (and Firefox's ui-valid, ui-invalid, submit-invalid),
 *   in-range, out-of-range; a form or fieldset is :invalid when one of its fields is;
 * - autofill (and every other name containing "autofill", e.g. -webkit-autofill-strong-password);
 * - dir(): on a text field or textarea with dir=auto, the direction comes from the first strong
 *   character of the value;
 * - state(): a custom element's states are whatever its script sets, its value included (also the
 *   older :--name spelling).
 * Any -internal- pseudo-class counts too (Chromium's are UA-only; several are about autofill).
 * Not listed, because the value does not decide them: :checked, :indeterminate, :focus*, :required,
 * :optional, :read-only, :read-write, :default, :empty (an input or textarea has no children; its value
 * is not in the DOM). :empty, :has(), :checked, :indeterminate and :default do follow what is typed into an
 * editable password field or chosen in a password select, checkbox or radio button: they are
 * CONTENT_STATE_PSEUDO_CLASSES below, refused in dom selectors while the page has such a field.
 */
export const VALUE_STATE_PSEUDO_CLASSES: ReadonlySet<string> = new Set([
  'placeholder-shown',
  'placeholder',
  'blank',
  'valid',
  'invalid',
  'user-valid',
  'user-invalid',
  'ui-valid',
  'ui-invalid',
  'submit-invalid',
  'in-range',
  'out-of-range',
  'autofill',
  'dir',
  'state',
]);

/**
 * Without a backslash no escape can spell a name, so a selector that depends on the value has one of
 * these in its text (pseudo-class and attribute names are ASCII case-insensitive): most selectors
 * (#target, .row > a:hover) are answered without parsing.
 */
const MENTION = /value|valid|placeholder|blank|range|autofill|dir|state|internal|masked|:\s*--/i;

export { MASKED_MARK };

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
  const name = lowerAscii(decode(local).trim());
  return name === 'value' || name === MASKED_MARK;
}

/** A pseudo-class name (as written) whose match depends on a field's value: decoded, lower-cased, prefix dropped. */
export function isValueStatePseudoClass(raw: string): boolean {
  const name = lowerAscii(decode(raw).trim());
  if (name.startsWith('-internal-') || name.startsWith('--') || name.includes('autofill')) return true;
  return VALUE_STATE_PSEUDO_CLASSES.has(name.replace(/^-(?:webkit|moz|ms|o|epub)-/, ''));
}

/**
 * Pseudo-classes (ASCII lower case, vendor prefix removed) whose match depends on what a person typed or
 * chose in a password field that keeps that state where selectors see it, beyond its value:
 * - content: `:empty` and `:has()` look at an element's children and what follows it, and an editable
 *   password field's children are what was typed into it (a text run, a bold run, a line);
 * - checkedness: `:checked`, `:indeterminate` and `:default` tell which option of a password select was
 *   chosen, whether a checkbox or radio button that names a password is checked (and, for a radio group,
 *   whether any of it is).
 * Only these password fields keep such state (an input's or textarea's value is not its children, and a
 * text field is never checked), so these are refused only while the page has one (page-agent/policy/password.ts,
 * isPasswordStateField), which real pages rarely do; elsewhere `:has()`, `:empty` and `:checked` work.
 */
export const CONTENT_STATE_PSEUDO_CLASSES: ReadonlySet<string> = new Set(['empty', 'has', 'checked', 'indeterminate', 'default']);

/** A pseudo-class name (as written) in CONTENT_STATE_PSEUDO_CLASSES: decoded, lower-cased, prefix dropped. */
export function isContentStatePseudoClass(raw: string): boolean {
  const name = lowerAscii(decode(raw).trim());
  return CONTENT_STATE_PSEUDO_CLASSES.has(name.replace(/^-(?:webkit|moz|ms|o|epub)-/, ''));
}

/** Without a backslash no escape can spell one of these names (ASCII case-insensitive). */
const CONTENT_STATE_MENTION = /empty|has|checked|indeterminate|default/i;
/** The text fallback's reading: a single colon, then one of the names. */
const CONTENT_STATE_TEXT = /(?<!:):(?!:)\s*(?:-[a-z]+-)?(?:empty|has|checked|indeterminate|default)(?![a-z0-9-])/;

function contentStateTextTest(text: string): string | undefined {
  for (const raw of [text, text.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')]) {
    const found = CONTENT_STATE_TEXT.exec(lowerAscii(decode(raw)));
    if (found) return `:${found[0].replace(/^:\s*/, '').replace(/^-[a-z]+-/, '')}`;
  }
  return undefined;
}

function contentStateAstTest(ast: CssNode, depth: number): string | undefined {
  let found: string | undefined;
  walk(ast, (node) => {
    if (found !== undefined) return;
    if (node.type === 'PseudoClassSelector') {
      if (isContentStatePseudoClass(node.name)) found = describePseudo(node.name).replace(/^:-[a-z]+-/, ':');
    } else if (node.type === 'Raw') {
      found = depth >= MAX_NESTING ? contentStateTextTest(node.value) : contentStateTestAt(node.value, depth + 1);
    }
  });
  return found;
}

function contentStateTestAt(sel: string, depth: number): string | undefined {
  return readSelector(sel, depth, { mayMatch: (s) => s.includes(':') || s.includes('\\'), ast: contentStateAstTest, text: contentStateTextTest });
}

/**
 * The pseudo-class in a selector (list) whose match follows a password field's content or checkedness
 * (CONTENT_STATE_PSEUDO_CLASSES), as the engine reads it (":has"), or undefined: nested in
 * :is/:where/:not/:nth-child(… of S), escaped, in any case or prefixed. Read like selectorValueTest, with
 * css-tree and, where it gives no structure, conservatively from the decoded text. For every dom selector,
 * while the page has a password field that keeps such state.
 */
export function selectorContentStateTest(sel: string): string | undefined {
  if (!sel.includes('\\') && !CONTENT_STATE_MENTION.test(sel)) return undefined;
  return contentStateTestAt(sel, 0);
}

/** Whether css-tree may be handed this text: nested deeper than the style checks allow, it could exhaust the stack. */
function shallowEnough(css: string): boolean {
  return nestingBeyond(tokenizeCss(css)) === undefined;
}

/** The state names as the text fallback looks for them, after a single colon (a prefix or -internal- allowed; not ::placeholder). */
const STATE_TEXT = /(?<!:):(?!:)\s*(?:-[a-z]+-)?(?:placeholder|blank|valid|invalid|user-|ui-|submit-|in-range|out-of-range|dir|state|-)[a-z0-9-]*|autofill/;

/**
 * The text fallback: after decoding escapes, does the word "value", or a colon and a value-state name,
 * appear anywhere? (Over-refuses, never under-refuses.) Answers what it saw, for the refusal.
 */
function textTest(text: string): string | undefined {
  // Read with its comments and without them (CSS drops a comment between tokens, so #pw:/**/valid is
  // #pw:valid to the engine; a "/*" inside a string is no comment): either reading counts.
  for (const raw of [text, text.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')]) {
    const plain = lowerAscii(decode(raw));
    if (plain.includes('value')) return 'the value attribute';
    if (plain.includes(MASKED_MARK)) return `the ${MASKED_MARK} attribute`;
    const state = STATE_TEXT.exec(plain);
    if (state) return `a pseudo-class that depends on a field's value (${state[0].replace(/\s+/g, '')})`;
  }
  return undefined;
}

function describePseudo(raw: string): string {
  return `:${lowerAscii(decode(raw).trim())}`;
}

/** What in one node of a selector depends on a field's value (the node alone: the walk reaches its children). */
function nodeValueTest(node: CssNode, depth: number): string | undefined {
  if (node.type === 'AttributeSelector') {
    return isValueName(node.name.name) ? `the ${lowerAscii(decode(node.name.name)).includes(MASKED_MARK) ? MASKED_MARK : 'value'} attribute` : undefined;
  }
  if (node.type === 'PseudoClassSelector') return isValueStatePseudoClass(node.name) ? describePseudo(node.name) : undefined;
  // An argument css-tree does not structure (e.g. an unknown or escaped pseudo-class): read it as a selector list.
  if (node.type === 'Raw') return depth >= MAX_NESTING ? textTest(node.value) : selectorTestAt(node.value, depth + 1);
  return undefined;
}

function astTest(ast: CssNode, depth: number): string | undefined {
  let found: string | undefined;
  walk(ast, (node) => {
    if (found === undefined) found = nodeValueTest(node, depth);
  });
  return found;
}

function selectorTestAt(sel: string, depth: number): string | undefined {
  return readSelector(sel, depth, { mayMatch: (s) => s.includes('[') || s.includes(':') || s.includes('\\'), ast: astTest, text: textTest });
}

/**
 * One reading of a selector for both tests (the value's and the content state's): css-tree's structure
 * where it gives one, else the conservative reading of the decoded text (too deep to hand css-tree, a parse
 * error, or a stack overflow shallowEnough did not foresee).
 */
function readSelector(
  sel: string,
  depth: number,
  test: { mayMatch: (sel: string) => boolean; ast: (ast: CssNode, depth: number) => string | undefined; text: (text: string) => string | undefined },
): string | undefined {
  if (!test.mayMatch(sel)) return undefined;
  if (!shallowEnough(sel)) return test.text(sel);
  let broken = false;
  try {
    const ast = parse(sel, { context: 'selectorList', onParseError: () => (broken = true) });
    return broken ? test.text(sel) : test.ast(ast, depth);
  } catch {
    return test.text(sel);
  }
}

/**
 * What in a selector (list) depends on a form field's value, or undefined: "the value attribute", or the
 * pseudo-class as the engine reads it (":invalid"). The single source for every selector check: style.css,
 * dom.addStyle, the dom selector ops (query, queryAll, matches, closest, observe, watch, waitFor) and the
 * assistant's own selectors.
 */
export function selectorValueTest(sel: string): string | undefined {
  if (!sel.includes('\\') && !MENTION.test(sel)) return undefined;
  return selectorTestAt(sel, 0);
}

/** Whether a selector (list) depends on a form field's value (selectorValueTest). */
export function selectorTestsValue(sel: string): boolean {
  return selectorValueTest(sel) !== undefined;
}

/**
 * Value-state pseudo-classes (vendor prefix removed, ASCII lower case) a stylesheet may use: each gets
 * VALUE_STATE_GUARD in front of it on its way into the page (guardValueStates), so it can be true only of a
 * form control that is no password field. The others of VALUE_STATE_PSEUDO_CLASSES stay refused in sheets:
 * :dir() and :state() apply to any element (an editable password field's children, a custom element that
 * wraps one), and so does what no guard can name (-internal-, :--name).
 */
export const GUARDED_VALUE_STATE_PSEUDO_CLASSES: ReadonlySet<string> = new Set([...VALUE_STATE_PSEUDO_CLASSES].filter((name) => name !== 'dir' && name !== 'state'));

/** Said with a value-state refusal: the states a sheet may use, each never true of a password field. */
export const GUARDED_HINT = ' (in a rule\'s own selector, :valid, :invalid, :user-valid, :user-invalid, :placeholder-shown, :in-range, :out-of-range and :autofill are fine: they never match a password field)';

/** A pseudo-class name (as written) that a sheet may use behind the guard: decoded, lower-cased, prefix dropped. */
export function isGuardedValueStatePseudoClass(raw: string): boolean {
  const name = lowerAscii(decode(raw).trim());
  if (name.startsWith('-internal-')) return false;
  return GUARDED_VALUE_STATE_PSEUDO_CLASSES.has(name.replace(/^-(?:webkit|moz|ms|o|epub)-/, ''));
}

/**
 * A sheet rule's selector read for the guard: what in it must be refused (as astTest), and where a guarded
 * pseudo-class starts (offsets in the sheet), which gets the guard. css-tree's positions are read from a
 * parse with positions; a guarded pseudo-class without one is refused, never left unguarded.
 */
function guardedAstTest(ast: CssNode, depth: number, guards: number[], base: number): string | undefined {
  let found: string | undefined;
  walk(ast, (node) => {
    if (found !== undefined) return;
    if (node.type === 'PseudoClassSelector' && isGuardedValueStatePseudoClass(node.name)) {
      if (node.loc) guards.push(base + node.loc.start.offset);
      else found = describePseudo(node.name);
    } else {
      // An argument css-tree gives no structure is refused when it mentions any value state, guarded or
      // not: where its pseudo-classes start is unknown.
      found = nodeValueTest(node, depth);
    }
  });
  return found;
}

/** A selector (list) written at `base` in a sheet, read for the guard; a reading without structure refuses what it mentions. */
function guardedSelectorTest(sel: string, base: number, guards: number[]): string | undefined {
  if (!sel.includes('\\') && !MENTION.test(sel)) return undefined;
  if (!shallowEnough(sel)) return textTest(sel);
  let broken = false;
  try {
    const ast = parse(sel, { context: 'selectorList', positions: true, onParseError: () => (broken = true) });
    if (broken) return textTest(sel);
    const mine: number[] = [];
    const found = guardedAstTest(ast, 0, mine, base);
    if (found === undefined) guards.push(...mine);
    return found;
  } catch {
    return textTest(sel);
  }
}

function preludeTest(prelude: CssNode): string | undefined {
  if (prelude.type !== 'Raw') return astTest(prelude, 0);
  const read = selectorValueTest(prelude.value);
  if (read !== undefined) return read;
  const text = textTest(prelude.value);
  // The word "value" counts only beside a bracket (an attribute test); a state name always does.
  return text !== undefined && (text !== 'the value attribute' || prelude.value.includes('[')) ? text : undefined;
}

export type ValueTestingRule = { offset: number; selector: string; test: string };

/**
 * How a sheet's selectors depend on a field's value: `refused`, the rules a sheet may not have (the value
 * attribute, the mark, a state no guard covers, a selector whose structure is unknown, any value state in
 * an at-rule prelude); `guards`, the offsets of the guarded pseudo-classes, where guardValueStates puts
 * VALUE_STATE_GUARD.
 */
export interface SheetValueReading {
  refused: ValueTestingRule[];
  guards: number[];
}

/** Whether a sheet could depend on a field's value at all: it needs a bracket, an escape, or a value or state name. */
export function sheetMayTestValue(css: string): boolean {
  return css.includes('[') || css.includes('\\') || MENTION.test(css);
}

/**
 * Of a stylesheet's rule and at-rule preludes (css-tree, parsed with positions), those that depend on a
 * field's value in a way no guard covers, each with its offset, as written (up to 200 characters), and what
 * in it does; the guarded pseudo-classes of the rest go to `guards`. A rule's selector is read for the
 * guard; an at-rule's prelude (@scope, @supports selector()) is refused for any value state, since it is no
 * selector the guard is put into. The style.css check passes the preludes of the parse it already made for
 * its load cross-check, so a sheet is parsed once.
 */
export function valueTestingPreludes(preludes: readonly CssNode[], guards: number[] = []): ValueTestingRule[] {
  const out: ValueTestingRule[] = [];
  for (const prelude of preludes) {
    const mine: number[] = [];
    const test = prelude.type === 'SelectorList' ? guardedAstTest(prelude, 0, mine, 0) : preludeTest(prelude);
    if (test !== undefined) out.push({ offset: prelude.loc?.start.offset ?? 0, selector: generate(prelude).slice(0, 200), test });
    else guards.push(...mine);
  }
  return out;
}

/**
 * A second reader of where rules are, on tokens: the text before every "{" at block level, back to the
 * previous ";", "{" or "}" at that level, is a rule's prelude as Chrome's CSS nesting reads it. css-tree
 * reads a nested rule that does not start with "&" (.a { input:invalid { … } }, .a { #pw[value] { … } })
 * as a declaration, so its selector is not among its preludes; this reader finds it, and reads it for the
 * guard. Each prelude css-tree already reported (same offset) is left out.
 */
export function valueTestingBlockPreludes(css: string, tokens: readonly CssToken[], known: ReadonlySet<number> = new Set(), guards: number[] = []): ValueTestingRule[] {
  const out: ValueTestingRule[] = [];
  /** For each open block (and the top level): where its current prelude starts, as a token index. */
  const starts: number[] = [0];
  /** Open brackets and functions inside the current block (a "{" there is a value's block, no rule). */
  let inner = 0;
  const innerStack: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === '(' || t.type === '[' || t.type === 'function') inner++;
    else if ((t.type === ')' || t.type === ']') && inner > 0) inner--;
    else if (inner > 0) continue;
    else if (t.type === 'semicolon') starts[starts.length - 1] = i + 1;
    else if (t.type === '{') {
      let first = starts[starts.length - 1]!;
      while (first < i && (tokens[first]!.type === 'whitespace' || tokens[first]!.type === 'comment')) first++;
      // At-rule preludes css-tree reads wherever they are (an at-rule nested in a style rule included).
      if (first < i && tokens[first]!.type !== 'at-keyword') {
        const offset = tokens[first]!.start;
        const text = css.slice(offset, t.start);
        const test = known.has(offset) ? undefined : guardedSelectorTest(text, offset, guards);
        if (test !== undefined) out.push({ offset, selector: text.trim().slice(0, 200), test });
      }
      innerStack.push(inner);
      starts.push(i + 1);
    } else if (t.type === '}' && starts.length > 1) {
      starts.pop();
      inner = innerStack.pop() ?? 0;
      starts[starts.length - 1] = i + 1;
    }
  }
  return out;
}

/** A parsed sheet read for the guard: css-tree's preludes, then the nested rules only the token reader finds. */
export function sheetValueReading(css: string, tokens: readonly CssToken[], preludes: readonly CssNode[]): SheetValueReading {
  const guards: number[] = [];
  const refused = valueTestingPreludes(preludes, guards);
  const known = new Set(preludes.map((p) => p.loc?.start.offset ?? -1));
  refused.push(...valueTestingBlockPreludes(css, tokens, known, guards));
  return { refused, guards: [...new Set(guards)].sort((a, b) => a - b) };
}

/** For a sheet css-tree could not parse at all: refused when its decoded text mentions the value or a value state. */
export function unparsedSheetValueRules(css: string): ValueTestingRule[] {
  const test = textTest(css);
  return test !== undefined ? [{ offset: 0, selector: css.slice(0, 200), test }] : [];
}

/** A whole sheet read for the guard (sheetValueReading), parsed here. */
export function readSheetValueStates(css: string): SheetValueReading {
  if (!sheetMayTestValue(css)) return { refused: [], guards: [] };
  if (!shallowEnough(css)) return { refused: unparsedSheetValueRules(css), guards: [] };
  try {
    const ast = parse(css, { context: 'stylesheet', positions: true, parseValue: false, parseCustomProperty: false, onParseError: () => undefined });
    const preludes: CssNode[] = [];
    walk(ast, (node) => {
      if ((node.type === 'Rule' || node.type === 'Atrule') && node.prelude) preludes.push(node.prelude);
    });
    return sheetValueReading(css, tokenizeCss(css), preludes);
  } catch {
    // Last resort (a stack overflow shallowEnough did not foresee): the conservative reading.
    return { refused: unparsedSheetValueRules(css), guards: [] };
  }
}

/**
 * The rules of a stylesheet whose selectors depend on a field's value in a way no guard covers (the value
 * attribute, :dir(), a state in an at-rule prelude, a selector css-tree cannot structure), each with the
 * offset of its selector, the selector as written (up to 200 characters) and what in it does. Guarded
 * states (`input:invalid`, `:placeholder-shown`) are not among them: guardValueStates makes them safe.
 */
export function valueTestingRules(css: string): ValueTestingRule[] {
  return readSheetValueStates(css).refused;
}

/** The selectors of a stylesheet refused for depending on a field's value (valueTestingRules), each as written. */
export function sheetValueSelectors(css: string): string[] {
  return valueTestingRules(css).map((r) => r.selector);
}

/** Thrown by guardValueStates for a sheet the checks should have refused. */
export class UnguardedValueState extends Error {
  constructor(readonly rule: ValueTestingRule) {
    super(`the selector ${rule.selector.slice(0, 100)} depends on a form field's value (${rule.test})`);
  }
}

/**
 * The sheet as it goes into the page: VALUE_STATE_GUARD in front of every guarded value-state pseudo-class,
 * so `form:has(input:invalid)` is true of a plain field and never of a password field. Run on every sheet
 * a remixlet puts into a page (style.css, dom.addStyle), after the checks; a sheet they should have
 * refused (anything valueTestingRules names) throws instead of going in half guarded.
 */
export function guardValueStates(css: string): string {
  const { refused, guards } = readSheetValueStates(css);
  if (refused.length > 0) throw new UnguardedValueState(refused[0]!);
  let out = css;
  for (const at of [...guards].reverse()) out = out.slice(0, at) + VALUE_STATE_GUARD + out.slice(at);
  return out;
}
