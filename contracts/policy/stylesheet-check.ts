// Context: worker (style.css at save and activation), page agent (style.css at every insertion, inline
// styles and dom.addStyle), Node tests. Trusts nothing: the CSS is assistant-written.

// Loads are found by reading tokens as Chrome does (css-tokens.ts), never by matching raw text, and then
// conservatively: anything that another reading could turn into a load (a url( in a comment or string,
// an HTML character reference spelling one, a malformed url) is refused too, and so is a var() (or
// another substitution) where a url() would load, or in a custom property definition: it could make the
// page load an address the page defined but never loads (css-declarations.ts). No CSS may read a form
// field's value either: attr(value) in any spelling (everywhere); field-sizing and -webkit-text-security
// (everywhere: they let a field's content change its layout or masking, css-declarations.ts); and in
// style.css a selector that depends on a field's value by the value attribute, or by a state no guard
// covers (:dir(), a state in an at-rule prelude; dom.addStyle refuses those itself); a password could show
// through them. States such as :invalid or :placeholder-shown pass: every sheet is guarded on its way in
// (contracts/dom/value-selector.ts, guardValueStates), so they are never true of a password field.
// css-tree's parser, walker and generator entry points: the same functions, without the lexer (contracts/css-tree-parts.d.ts).
import parse from 'css-tree/parser';
import walk from 'css-tree/walker';
import generate from 'css-tree/generator';
import type { CssNode, EnterOrLeaveFn } from 'css-tree';
import type { RefusalCode } from '../refusals';
import { MAX_CSS_NESTING, locator, nestingBeyond, tokenizeCss } from './css-tokens';
import type { CssToken } from './css-tokens';
import { failed, passed, quote, refusal } from './result';
import type { PolicyRefusal, PolicyResult } from './result';
import { urlOnHosts } from './site';
import { decodeHtmlReferences } from './html-references';
import { GUARDED_HINT, sheetMayTestValue, sheetValueReading, unparsedSheetValueRules } from '../dom/value-selector';
import { declarationFindings } from './css-declarations';

export interface StyleSheetOptions {
  /** Host specs a load may use: the hosts the remixlet's matches cover (hostsOf) plus its fetch: hosts. */
  allowedHosts: readonly string[];
  /** The remixlet runs on every site, so it may load from any host (still only full http(s) addresses). */
  everySite: boolean;
}

/** Functions that load or run something in some browser; refused wherever they appear, whatever the address. */
const ALWAYS_REFUSED_FUNCTIONS = new Set(['src', 'image-set', 'cross-fade', 'image', 'element', 'paint', 'expression', 'canvas']);
/** Properties that load or run code in legacy engines; refused so the sheet means the same in every reading. */
const CODE_PROPERTIES = new Set(['behavior', '-ms-behavior', '-moz-binding', '-o-link', '-o-link-source']);
const LOADISH_NAMES = 'url|src|image-set|image|cross-fade|element|paint|expression|canvas';
/**
 * Load syntax inside text that CSS does not read as code (comments, strings): refused because another
 * reader might. The argument must look like an address (a "/", ":" or "." within it), so prose such
 * as "Add image(s)" passes; the bounded repeat keeps the search linear.
 */
const HIDDEN_LOAD = new RegExp(
  `(?:^|[^a-z0-9_-])(?:-(?:webkit|moz|o|ms)-)?(?:${LOADISH_NAMES})\\(\\s*['"]?[^)]{0,200}?[/:.]|@import|progid\\s*:|[#@]\\s*sourcemappingurl\\s*=`,
  'i',
);
const LOADISH_TEXT = new RegExp(`(?:${LOADISH_NAMES})\\s*\\(|@import`, 'gi');
const LOADISH_NAME = new RegExp(`^(?:${LOADISH_NAMES})$`);
const CONTAINS_LOADISH_NAME = new RegExp(`(?:${LOADISH_NAMES})`);

interface Finding {
  offset: number;
  /** End of the source range the finding covers (for telling which raw text it already explains). */
  end: number;
  code: RefusalCode;
  reason: string;
  /**
   * Left out of a stored sheet, whichever version saved it, with the rest kept (dropValueReads): it reads or
   * shows a form field's value (attr(value), a selector that depends on the value, field-sizing,
   * -webkit-text-security), or a var() could load through it (rules added after sheets were saved with them).
   */
  readsValue?: true;
}

interface Scan {
  findings: Finding[];
  /** Loads that pass the host rule; refused later if the sheet tests attribute values. */
  allowed: { offset: number; href: string }[];
  attributeTests: { offset: number; text: string }[];
  /** Nested past MAX_CSS_NESTING: refused, and never handed to css-tree (whose recursion it could exhaust). */
  tooDeep?: true;
}

type Mode = 'sheet' | 'inline';

function lowerAscii(s: string): string {
  return /[A-Z]/.test(s) ? s.replace(/[A-Z]/g, (c) => c.toLowerCase()) : s;
}

function unprefixed(name: string): string {
  return name.replace(/^-(?:webkit|moz|o|ms)-/, '');
}

/** What the URL parser does to an address before parsing: trim C0 controls and spaces, drop tabs and newlines. */
function urlParserClean(address: string): string {
  // Trimmed with loops: a regex anchored at the end would be quadratic on long runs of spaces.
  let start = 0;
  let end = address.length;
  while (start < end && address.charCodeAt(start) <= 0x20) start++;
  while (end > start && address.charCodeAt(end - 1) <= 0x20) end--;
  return address.slice(start, end).replace(/[\t\n\r]/g, '');
}

function classifyAddress(address: string, opts: StyleSheetOptions): { ok: true; href: string } | { ok: false; why: string } {
  const clean = urlParserClean(address);
  const lower = clean.toLowerCase();
  if (clean === '') return { ok: false, why: 'an empty url() is refused' };
  if (lower.startsWith('data:')) return { ok: false, why: 'data: addresses are refused in stylesheets' };
  if (/^[/\\]{2}/.test(clean)) return { ok: false, why: 'protocol-relative addresses (//host) are refused; write the full https:// address' };
  if (!/^https?:\/\//.test(lower)) {
    if (/^[a-z][a-z0-9+.-]*:/.test(lower)) return { ok: false, why: `only full https:// or http:// addresses may load, not ${quote(lower.slice(0, lower.indexOf(':') + 1))}` };
    return { ok: false, why: 'relative addresses are refused; write the full https:// address on one of this remixlet\'s sites' };
  }
  let url: URL;
  try {
    url = new URL(clean);
  } catch {
    return { ok: false, why: 'the address is not a valid URL' };
  }
  if (url.username !== '' || url.password !== '') return { ok: false, why: 'an address may not contain a user name or password' };
  if (!opts.everySite && !urlOnHosts(url, opts.allowedHosts)) {
    return {
      ok: false,
      why: `${quote(url.host)} is not one of this remixlet's sites or a host a fetch: permission names; use an address on its own sites, or ask for a fetch:${url.host} permission`,
    };
  }
  return { ok: true, href: url.href };
}

function nextSignificant(tokens: readonly CssToken[], from: number): number {
  let i = from;
  while (i < tokens.length && (tokens[i]?.type === 'whitespace' || tokens[i]?.type === 'comment')) i++;
  return i;
}

/** Like nextSignificant, also skipping delims that are control or invisible characters (a parser might drop them). */
function nextVisible(tokens: readonly CssToken[], from: number): number {
  let i = nextSignificant(tokens, from);
  // eslint-disable-next-line no-control-regex
  while (tokens[i]?.type === 'delim' && /^[\u0000-\u001f\u007f-\u00a0\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]$/.test(tokens[i]?.value ?? '')) {
    i = nextSignificant(tokens, i + 1);
  }
  return i;
}

/**
 * A name with characters outside a-z, 0-9, "-" and "_" (controls, invisible or other non-ASCII
 * characters) that still spells a loading function once those are dropped: Chrome reads it as some
 * other name, but a reader that drops or normalises such characters would see a load.
 */
function disguisedLoadName(lower: string): boolean {
  if (PLAIN_NAME.test(lower)) return false;
  const cleaned = lower.replace(/[^a-z0-9_-]/g, '');
  return cleaned !== lower && CONTAINS_LOADISH_NAME.test(cleaned);
}

const PLAIN_NAME = /^[a-z0-9_-]*$/;

function countMatches(re: RegExp, s: string): number {
  return s.match(re)?.length ?? 0;
}

function recordAddress(s: Scan, mode: Mode, opts: StyleSheetOptions, offset: number, value: string, what: string): void {
  if (mode === 'inline') {
    s.findings.push({
      offset,
      end: offset + 1,
      code: 'STYLE_LOAD_REFUSED',
      reason: `${what} is not allowed in an inline style or dom.addStyle; they may not load anything. Put images in style.css instead.`,
    });
    return;
  }
  const verdict = classifyAddress(value, opts);
  if (verdict.ok) s.allowed.push({ offset, href: verdict.href });
  else s.findings.push({ offset, end: offset + 1, code: 'STYLE_LOAD_REFUSED', reason: `${what} loads ${quote(value)}: ${verdict.why}.` });
}

/**
 * A second, independent reader: css-tree's AST. Anything it sees as a load that the token scan did not
 * already report (same start offset) is recorded too, so a bug in either reader cannot let a load through.
 * Answers the sheet's rule and at-rule preludes, for the value-selector check (one parse serves both), or
 * undefined when css-tree could not parse the sheet.
 */
function crossCheckWithCssTree(css: string, mode: Mode, opts: StyleSheetOptions, s: Scan): CssNode[] | undefined {
  const known = new Set<number>([...s.findings.map((f) => f.offset), ...s.allowed.map((a) => a.offset)]);
  const contexts = mode === 'sheet' ? (['stylesheet'] as const) : (['stylesheet', 'declarationList'] as const);
  const preludes: CssNode[] = [];
  for (const context of contexts) {
    try {
      const ast = parse(css, { context, positions: true, parseCustomProperty: true, onParseError: () => undefined });
      walk(ast, (node) => {
        if ((node.type === 'Rule' || node.type === 'Atrule') && node.prelude) preludes.push(node.prelude);
        const offset = node.loc?.start.offset;
        if (offset === undefined || known.has(offset)) return;
        if (node.type === 'Url') {
          known.add(offset);
          recordAddress(s, mode, opts, offset, node.value, 'url()');
        } else if (node.type === 'Function' && (LOADISH_NAME.test(unprefixed(lowerAscii(node.name))) || lowerAscii(node.name).includes('\\'))) {
          known.add(offset);
          s.findings.push({ offset, end: offset + 1, code: 'STYLE_LOAD_REFUSED', reason: `${node.name}() loads or runs something and is refused; remove it.` });
        } else if (node.type === 'Atrule' && (lowerAscii(node.name) === 'import' || node.name.includes('\\'))) {
          known.add(offset);
          s.findings.push({ offset, end: offset + 1, code: 'STYLE_LOAD_REFUSED', reason: `@${node.name} is refused; put the rules in style.css itself.` });
        }
      });
    } catch (e) {
      // Last resort: nestingBeyond keeps deep sheets away from css-tree, so a stack overflow here is a shape
      // it does not count, and any other throw a shape the parser does not expect; either way that sheet is
      // refused, never half-checked, and never a crash.
      const why = e instanceof RangeError ? 'the stylesheet is nested too deeply to check; flatten it.' : 'the stylesheet could not be read by the checker; simplify it.';
      s.findings.push({ offset: 0, end: 1, code: 'STYLE_SYNTAX', reason: why });
      return undefined;
    }
  }
  return preludes;
}

/**
 * The attribute an attr() function token at tokens[i] reads, as the engine compares names (namespace
 * prefix ns|, *| or | dropped, escapes already decoded by the tokenizer, ASCII lower case); undefined
 * when the name is not written as a plain name (a var() there would pick the attribute at run time).
 */
function attrNameAt(tokens: readonly CssToken[], i: number): string | undefined {
  const isBar = (t: CssToken | undefined) => t?.type === 'delim' && t.value === '|';
  let j = nextSignificant(tokens, i + 1);
  const first = tokens[j];
  if (isBar(first)) {
    j = nextSignificant(tokens, j + 1);
  } else if (first?.type === 'ident' || (first?.type === 'delim' && first.value === '*')) {
    const bar = nextSignificant(tokens, j + 1);
    if (isBar(tokens[bar])) j = nextSignificant(tokens, bar + 1);
  }
  const name = tokens[j];
  return name?.type === 'ident' ? lowerAscii(name.value) : undefined;
}

const ATTR_READS_VALUE =
  "attr(value) reads a form field's value attribute, which on a password field can be the password, and could show it through a computed style or the page's layout; read another attribute, or style a class that script.js adds.";
const ATTR_NAME_NOT_PLAIN = 'attr() must name its attribute plainly (attr(data-name)); a var() or other function there could make it read a password field\'s value.';

function scan(css: string, mode: Mode, opts: StyleSheetOptions, ownVariables = false): Scan {
  const tokens = tokenizeCss(css);
  const findings: Finding[] = [];
  const allowed: Scan['allowed'] = [];
  const attributeTests: Scan['attributeTests'] = [];
  const refuseLoad = (offset: number, reason: string, end = offset + 1) => findings.push({ offset, end, code: 'STYLE_LOAD_REFUSED', reason });
  const argumentStrings = new Set<number>();

  const address = (offset: number, value: string, what: string) => recordAddress({ findings, allowed, attributeTests }, mode, opts, offset, value, what);

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === undefined) continue;
    switch (t.type) {
      case 'url':
        address(t.start, t.value, 'url()');
        break;
      case 'bad-url':
        refuseLoad(t.start, 'this url(…) is malformed; Chrome drops it, but write a well-formed url("https://…") or remove it.');
        break;
      case 'function': {
        const name = lowerAscii(t.value);
        const base = unprefixed(name);
        if (name.includes('\uFFFD')) {
          refuseLoad(t.start, `the function name ${quote(t.value)} contains a NUL or invalid escape; remove it.`);
        } else if (disguisedLoadName(name)) {
          refuseLoad(t.start, `the function name ${quote(t.value)} hides a loading function behind unusual characters; remove it.`);
        } else if (base === 'url') {
          const j = nextSignificant(tokens, i + 1);
          const arg = tokens[j];
          if (arg?.type === 'string') {
            argumentStrings.add(j);
            address(t.start, arg.value, 'url()');
          } else {
            refuseLoad(t.start, 'url( must be followed by an address; write url("https://…").');
          }
        } else if (ALWAYS_REFUSED_FUNCTIONS.has(base)) {
          refuseLoad(
            t.start,
            mode === 'sheet'
              ? `${t.value}() loads or runs something and is refused in stylesheets; use url("https://…") on one of this remixlet's sites.`
              : `${t.value}() loads or runs something; an inline style or dom.addStyle may not load anything.`,
          );
        } else if (base === 'attr') {
          const read = attrNameAt(tokens, i);
          if (read === undefined || read === 'value') {
            findings.push({ offset: t.start, end: t.end, code: 'STYLE_REFUSED', reason: read === undefined ? ATTR_NAME_NOT_PLAIN : ATTR_READS_VALUE, readsValue: true });
          }
          // attr() arguments are short; the bound keeps nested or padded attr( linear.
          let depth = 1;
          for (let j = i + 1; j < tokens.length && j < i + 256 && depth > 0; j++) {
            const u = tokens[j];
            if (u === undefined) break;
            if (u.type === 'function' || u.type === '(') depth++;
            else if (u.type === ')') depth--;
            else if (u.type === 'ident' && lowerAscii(u.value) === 'url') {
              refuseLoad(t.start, 'attr() read as a url would load an address taken from the page; remove the url type.');
              break;
            }
          }
        }
        break;
      }
      case 'ident': {
        const name = lowerAscii(t.value);
        const after = tokens[nextVisible(tokens, i + 1)];
        if (name === 'progid') {
          refuseLoad(t.start, 'progid: filters are legacy code that can load; remove them.');
        } else if (after?.type === '(' && (LOADISH_NAME.test(unprefixed(name)) || disguisedLoadName(name))) {
          refuseLoad(t.start, `${quote(t.value)} followed by "(" reads as a load in some parsers; remove it.`);
        } else if (after?.type === 'colon' && CODE_PROPERTIES.has(name)) {
          refuseLoad(t.start, `the property ${quote(t.value)} loads or runs code in some browsers and is refused; remove it.`);
        }
        break;
      }
      case 'at-keyword':
        if (lowerAscii(t.value) === 'import') {
          refuseLoad(t.start, '@import is refused; put the rules in style.css itself.', t.end);
        }
        break;
      case '[': {
        for (let j = i + 1; j < tokens.length; j++) {
          const u = tokens[j];
          if (u === undefined || u.type === ']' || u.type === '[' || u.type === '{' || u.type === '}' || u.type === 'semicolon') break;
          if (u.type === 'delim' && u.value === '=') {
            const shown = css.slice(t.start, t.start + 80);
            attributeTests.push({ offset: t.start, text: shown.includes(']') ? shown.slice(0, shown.indexOf(']') + 1) : shown });
            break;
          }
        }
        break;
      }
      case 'comment':
        if (HIDDEN_LOAD.test(t.value)) {
          refuseLoad(t.start, 'a comment contains url(, @import, a source map or a similar load; remove it (comments are checked too, so that no other reading of the sheet can load it).', t.end);
        }
        break;
      case 'string':
      case 'bad-string':
        if (!argumentStrings.has(i) && HIDDEN_LOAD.test(t.value)) {
          refuseLoad(t.start, 'a string contains url(, @import or a similar load; remove it (strings are checked too, so that no other reading of the sheet can load it).', t.end);
        }
        break;
      default:
        break;
    }
  }

  const declarations = declarationFindings(tokens, css);
  // A var() naming a property the sheet itself defines passes only where the sheet is renamed on its way in.
  // So does a background whose whole value is a var(): it goes in as background-color (colorOnlyBackgrounds).
  const refusedOwnUses = mode === 'sheet' || ownVariables ? [] : [...declarations.ownUses, ...declarations.colorBackgrounds].map((u) => u.finding);
  for (const d of [...declarations.findings, ...refusedOwnUses]) {
    findings.push({ offset: d.offset, end: d.end, code: d.kind === 'field' ? 'STYLE_REFUSED' : 'STYLE_LOAD_REFUSED', reason: d.reason, readsValue: true });
  }

  // Text the tokenizer did not read as an @import (e.g. "@importa", "\@import") still reads as one to a careless reader.
  const explained = new Uint8Array(css.length + 1);
  for (const f of findings) explained.fill(1, f.offset, Math.max(f.end, f.offset + 1));
  for (const m of css.matchAll(/@import/gi)) {
    if (explained[m.index] !== 1) refuseLoad(m.index, 'the text "@import" is refused anywhere in a stylesheet; remove it.');
  }
  const breakout = /<\/style/i.exec(css);
  if (breakout !== null) {
    findings.push({ offset: breakout.index, end: breakout.index + 7, code: 'STYLE_SYNTAX', reason: 'the text "</style" is refused; a stylesheet must not be able to end the element that holds it.' });
  }
  const entity = /&(?:#\d|#[xX][0-9a-fA-F]|[a-zA-Z]{2,10};)/.exec(css);
  if (entity !== null && countMatches(LOADISH_TEXT, decodeHtmlReferences(css)) > countMatches(LOADISH_TEXT, css)) {
    refuseLoad(entity.index, 'HTML character references spell url(, @import or a similar load here; CSS does not decode them, but HTML does. Write plain CSS.');
  }
  const result: Scan = { findings, allowed, attributeTests };
  const deep = nestingBeyond(tokens);
  if (deep !== undefined) {
    // Refused outright: css-tree's reading (the load cross-check, the value selectors) is skipped, and the
    // author learns the rest once the sheet is flat enough to read.
    result.tooDeep = true;
    findings.push({
      offset: deep.start,
      end: deep.end,
      code: 'STYLE_SYNTAX',
      reason: `blocks, brackets and functions nest more than ${MAX_CSS_NESTING} deep here; flatten the stylesheet.`,
    });
    return result;
  }
  const preludes = crossCheckWithCssTree(css, mode, opts, result);
  if (mode === 'sheet' && sheetMayTestValue(css)) {
    // Always, not only while the page has a password field: a login form can appear after the sheet went
    // in, and a rule that tests the value is live before any check could run (see page-agent/ops/addStyle.ts).
    // Value states a guard covers (input:invalid, :placeholder-shown) pass: the sheet gets the guard on its
    // way into the page (guardValueStates), so no password field can match them.
    for (const rule of preludes === undefined ? unparsedSheetValueRules(css) : sheetValueReading(css, tokens, preludes).refused) {
      findings.push({
        offset: rule.offset,
        end: rule.offset + 1,
        code: 'SELECTOR_TESTS_PASSWORD',
        reason: `the selector ${quote(rule.selector, 80)} depends on a form field's value (${rule.test}), which could reveal a password through the page's layout or a computed style; add a class from script.js (h.addClass) and style that class instead${GUARDED_HINT}.`,
        readsValue: true,
      });
    }
  }
  return result;
}

function toRefusals(css: string, s: Scan, mode: Mode): PolicyRefusal[] {
  // Line starts are indexed only when something is refused: a sheet that passes is not read again.
  let lines: ReturnType<typeof locator> | undefined;
  const where = (offset: number) => (lines ??= locator(css))(offset);
  const findings = [...s.findings];
  if (mode === 'sheet' && s.attributeTests.length > 0) {
    const test = s.attributeTests[0];
    if (test !== undefined) {
      const at = where(test.offset);
      for (const load of s.allowed) {
        findings.push({
          offset: load.offset,
          end: load.offset + 1,
          code: 'STYLE_LOAD_REFUSED',
          reason: `this stylesheet tests an attribute value (${quote(test.text, 60)} at line ${at.line}) and loads ${quote(load.href)}; a stylesheet that tests attribute values may not load anything, because which address loads could reveal the value. Add a class from script.js (h.addClass) and style that class instead.`,
        });
      }
    }
  }
  findings.sort((a, b) => a.offset - b.offset);
  return findings.map((f) => {
    const { line, column } = where(f.offset);
    return refusal(f.code, `line ${line}, column ${column}: ${f.reason}`, { line, column });
  });
}

/**
 * Check style.css. A load may only be a full https:// or http:// url() on an allowed host (any host when
 * `everySite`); data:, relative and protocol-relative addresses, @import, image-set() and the other
 * loading functions are refused. A sheet with any selector that tests an attribute value
 * ([a=…], ^=, $=, *=, ~=, |=, also inside :is/:where/:has/:not) may load nothing at all: per-rule
 * checks would not do, because custom properties, @keyframes and container queries carry a
 * condition from one rule to a load in another. No attr() may read the value attribute, no selector may
 * depend on a field's value (contracts/dom/value-selector.ts), no declaration may set field-sizing or
 * -webkit-text-security, and no var() may stand where a url() would load (contracts/policy/css-declarations.ts)
 * unless it names a custom property the sheet defines: insertion renames those (css-own-variables.ts).
 */
export function checkStyleSheet(css: string, opts: StyleSheetOptions): PolicyResult<{ loads: string[] }> {
  return sheetVerdict(css, scan(css, 'sheet', opts));
}

function sheetVerdict(css: string, s: Scan): PolicyResult<{ loads: string[] }> {
  const refusals = toRefusals(css, s, 'sheet');
  if (refusals.length > 0) return failed(refusals);
  return passed({ loads: s.allowed.map((l) => l.href) });
}

const NO_HOSTS: StyleSheetOptions = { allowedHosts: [], everySite: false };

/**
 * Check CSS the script writes (inline styles, h.setStyle values, dom.addStyle): nothing in it may load,
 * however spelled, var() included; no attr(value), field-sizing or -webkit-text-security. With
 * `ownVariables` (a dom.addStyle sheet, renamed by privateOwnVariables before it is adopted), a var() of a
 * property the sheet itself defines passes, as in style.css.
 */
export function checkInlineCss(css: string, { ownVariables = false }: { ownVariables?: boolean } = {}): PolicyResult {
  const s = scan(css, 'inline', NO_HOSTS, ownVariables);
  const refusals = toRefusals(css, s, 'inline');
  return refusals.length > 0 ? failed(refusals) : passed({});
}

function nodeRange(node: CssNode): [number, number] | null {
  const loc = node.loc;
  return loc ? [loc.start.offset, loc.end.offset] : null;
}

function removeRefused(css: string, offsets: readonly number[]): string {
  const ast = parse(css, { positions: true, onParseError: () => undefined });
  const sorted = [...offsets].sort((a, b) => a - b);
  /** Whether any refused offset lies in [from, to): binary search, so big sheets stay fast. */
  const hit = (from: number, to: number) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid] ?? 0) < from) lo = mid + 1;
      else hi = mid;
    }
    return lo < sorted.length && (sorted[lo] ?? 0) < to;
  };
  const enter: EnterOrLeaveFn = (node, item, list) => {
    if (!item || !list) return;
    const range = nodeRange(node);
    if (range === null) return;
    const [from, to] = range;
    if (!hit(from, to)) return;
    switch (node.type) {
      case 'Declaration':
      case 'Raw':
      case 'Comment':
        list.remove(item);
        return;
      case 'Rule': {
        const preludeEnd = node.block.loc?.start.offset ?? to;
        if (hit(from, preludeEnd)) list.remove(item);
        return;
      }
      case 'Atrule': {
        const preludeEnd = node.block?.loc?.start.offset ?? to;
        if (hit(from, preludeEnd)) list.remove(item);
        return;
      }
      default:
        return;
    }
  };
  walk(ast, { enter });
  return generate(ast);
}

/**
 * For a stylesheet saved before the load rule (Remixlet 1.0.2): leave out the parts that load, keep the
 * rest. Declarations, rules and at-rules holding a refused load are removed and the sheet is written
 * back with css-tree. The result is checked again; if anything would still be refused, the whole sheet
 * is left out, so this never returns CSS that checkStyleSheet refuses.
 */
export function stripLoads(css: string, opts: StyleSheetOptions): { css: string; removed: { line: number; reason: string }[] } {
  const first = checkStyleSheet(css, opts);
  if (first.ok) return { css, removed: [] };
  const removed = first.refusals.map((r) => ({ line: r.line ?? 1, reason: r.reason }));
  let current = css;
  for (let pass = 0; pass < 3; pass++) {
    const s = scan(current, 'sheet', opts);
    const refusals = toRefusals(current, s, 'sheet');
    if (refusals.length === 0) return { css: current, removed };
    // Too deep for css-tree to rewrite: left out whole (below).
    if (s.tooDeep) break;
    const offsets = [...s.findings.map((f) => f.offset), ...(s.attributeTests.length > 0 ? s.allowed.map((l) => l.offset) : [])];
    try {
      current = removeRefused(current, offsets);
    } catch {
      // css-tree can exhaust the stack on absurd nesting; leaving the sheet out is the safe answer.
      break;
    }
  }
  if (checkStyleSheet(current, opts).ok) return { css: current, removed };
  return { css: '', removed: [...removed, { line: 1, reason: 'the rest of the stylesheet could not be separated from its loads, so all of it was left out' }] };
}

/**
 * For a style.css saved before its save check refused reading a field's value (attr(value), a selector
 * that depends on the value, field-sizing, -webkit-text-security) or a var() where it could load: the
 * sheet without those parts, and which went. A declaration holding such an attr()
 * goes, and so does a rule whose selector tests the value. Written back with css-tree; if css-tree cannot
 * separate them, the whole sheet goes. A sheet without them comes back unchanged.
 */
export function dropValueReads(css: string): { css: string; removed: { line: number; reason: string }[] } {
  const reads = (text: string) => scan(text, 'sheet', NO_HOSTS).findings.filter((f) => f.readsValue);
  const first = scan(css, 'sheet', NO_HOSTS);
  const found = first.findings.filter((f) => f.readsValue).sort((a, b) => a.offset - b.offset);
  if (found.length === 0) return { css, removed: [] };
  const where = locator(css);
  const removed = found.map((f) => ({ line: where(f.offset).line, reason: f.reason }));
  if (first.tooDeep) {
    return { css: '', removed: [...removed, { line: 1, reason: `the stylesheet nests more than ${MAX_CSS_NESTING} deep, too deep to separate them, so all of it was left out` }] };
  }
  try {
    const rest = removeRefused(css, found.map((f) => f.offset));
    if (reads(rest).length === 0) return { css: rest, removed };
  } catch {
    // css-tree can exhaust the stack on absurd nesting; leaving the sheet out is the safe answer.
  }
  return { css: '', removed: [...removed, { line: 1, reason: 'the rest of the stylesheet could not be separated from them, so all of it was left out' }] };
}

/**
 * A stored style.css as insertion reads it: dropValueReads, then checkStyleSheet of what is left. A sheet
 * with nothing to drop (the usual one) is scanned once for both: what reads a value does not depend on the
 * hosts a load may use.
 */
export function checkStoredStyleSheet(
  css: string,
  opts: StyleSheetOptions,
): { css: string; removed: { line: number; reason: string }[]; verdict: PolicyResult<{ loads: string[] }> } {
  const s = scan(css, 'sheet', opts);
  if (!s.findings.some((f) => f.readsValue)) return { css, removed: [], verdict: sheetVerdict(css, s) };
  const dropped = dropValueReads(css);
  return { ...dropped, verdict: checkStyleSheet(dropped.css, opts) };
}
