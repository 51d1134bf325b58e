// Context: the stylesheet checks (contracts/policy/stylesheet-check.ts: style.css at save and insertion,
// h.setStyle values and dom.addStyle sheets through checkInlineCss) and Node tests. Trusts nothing: it
// reads assistant-written CSS, already split into tokens by css-tokens.ts (so escapes, case and comments
// are read as Chrome reads them).
//
// Two rules about declarations, each written once here:
// 1. Layout by content. No remixlet CSS may set a property that lets what is typed into a field change
//    its layout or its masking (FIELD_PROPERTIES): field-sizing: content sizes a field to its value, which
//    h.rect() of the field or of anything beside it reads; -webkit-text-security: none unmasks a password
//    field, so its characters are drawn (and fonts are chosen, and loaded, per character).
// 2. var() loads. Remixlet CSS cannot make the page load an address the page does not already load. A
//    var() (or another substitution: inherit(), a custom --function(), a typed attr()) takes its value from
//    the page at run time, and the page may hold a url() in a custom property it never uses; so no
//    substitution may stand where a url() would load (LOADING_PROPERTIES), nor in a custom property
//    definition (the page's own rules may use that property where it loads), nor in `all`. A substitution
//    inside a function whose arguments can never be an image or an address (SAFE_ARGUMENT_FUNCTIONS:
//    calc(), colors, gradients, filter and shape functions) stays inside that function, so it passes. Two
//    kinds pass in a sheet that is rewritten on its way in (css-own-variables.ts): a var() of a property
//    the sheet defines (ownUses), and a background whose whole value is one var() (colorBackgrounds).
import type { CssToken } from './css-tokens';

/** Properties that make a field's layout or masking follow its content (vendor prefix removed, lower case). */
export const FIELD_PROPERTIES: ReadonlySet<string> = new Set(['field-sizing', 'text-security']);

/**
 * Properties and descriptors whose value can load an address: every one whose grammar accepts <image>,
 * <url> or a reference to an external resource (an SVG filter, clip path, marker, paint server or motion
 * path), shorthands included (vendor prefix removed, lower case). A var() anywhere else (color, margin,
 * background-color, font-size …) cannot load: those grammars have no place for a url().
 * - backgrounds and borders: background, background-image, border-image, border-image-source,
 *   (-webkit-)mask-box-image, mask-box-image-source, box-reflect (its mask is an image);
 * - lists and generated content: list-style, list-style-image, content, and @counter-style symbols and
 *   additive-symbols (image symbols);
 * - masks: mask, mask-image, mask-border, mask-border-source;
 * - cursor, shape-outside, filter, backdrop-filter, clip-path, marker, marker-start, marker-mid,
 *   marker-end, offset, offset-path, fill, stroke;
 * - descriptors: src (@font-face); initial-value (@property) and result (@function), which a page rule
 *   may then use where it loads, as it may a custom property;
 * - CSS Speech (no loads in Chrome, listed for any other reader): cue, cue-before, cue-after, play-during;
 * - all (a shorthand of every property; it accepts only keywords, refused anyway so no reading can differ).
 */
export const LOADING_PROPERTIES: ReadonlySet<string> = new Set([
  'background',
  'background-image',
  'border-image',
  'border-image-source',
  'mask-box-image',
  'mask-box-image-source',
  'box-reflect',
  'list-style',
  'list-style-image',
  'content',
  'symbols',
  'additive-symbols',
  'mask',
  'mask-image',
  'mask-border',
  'mask-border-source',
  'cursor',
  'shape-outside',
  'filter',
  'backdrop-filter',
  'clip-path',
  'marker',
  'marker-start',
  'marker-mid',
  'marker-end',
  'offset',
  'offset-path',
  'fill',
  'stroke',
  'src',
  'initial-value',
  'result',
  'cue',
  'cue-before',
  'cue-after',
  'play-during',
  'all',
]);

/**
 * Functions whose arguments can never be an image or an address: a var() inside one is substituted
 * there (a custom property's value has balanced brackets, so it cannot close the function early), and
 * whatever it holds, the function still yields a number, color, gradient, filter or shape, never a load.
 * Not listed, so a var() inside them is judged as if bare: image-set(), cross-fade() and the other
 * image functions (refused anyway), light-dark() (it may take images), symbols(), if(), env() and attr()
 * (their fallbacks or branches become the value).
 */
export const SAFE_ARGUMENT_FUNCTIONS: ReadonlySet<string> = new Set([
  // math
  'calc',
  'calc-size',
  'min',
  'max',
  'clamp',
  'round',
  'mod',
  'rem',
  'abs',
  'sign',
  'sin',
  'cos',
  'tan',
  'asin',
  'acos',
  'atan',
  'atan2',
  'pow',
  'sqrt',
  'hypot',
  'log',
  'exp',
  // colors
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'hwb',
  'lab',
  'lch',
  'oklab',
  'oklch',
  'color',
  'color-mix',
  'contrast-color',
  'device-cmyk',
  // gradients (also -webkit- spellings, unprefixed before the lookup)
  'linear-gradient',
  'radial-gradient',
  'conic-gradient',
  'repeating-linear-gradient',
  'repeating-radial-gradient',
  'repeating-conic-gradient',
  'gradient',
  // filter functions
  'blur',
  'brightness',
  'contrast',
  'drop-shadow',
  'grayscale',
  'hue-rotate',
  'invert',
  'opacity',
  'saturate',
  'sepia',
  // basic shapes and motion paths
  'inset',
  'circle',
  'ellipse',
  'polygon',
  'path',
  'shape',
  'rect',
  'xywh',
  'ray',
  // counters in content
  'counter',
  'counters',
]);

export interface DeclarationFinding {
  offset: number;
  end: number;
  kind: 'field' | 'substitution';
  reason: string;
}

/** A var(--name) where a url() would load, naming a custom property the same sheet defines: [start, end) is the name. */
export interface OwnVariableUse {
  name: string;
  start: number;
  end: number;
  /** The refusal it gets where the sheet is not renamed on its way in (an inline style, h.setStyle). */
  finding: DeclarationFinding;
}

/** A custom property definition: its name, and where its value ends (the ";" or "}" after it, or the end). */
export interface VariableDefinition {
  name: string;
  valueStart: number;
  valueEnd: number;
}

/**
 * A `background` declaration whose whole value is one var() of a property the sheet does not define
 * (`background: var(--chip-bg, #eef2ff)`, `!important` allowed): on its way into a page it is written as
 * `background: none; background-color: var(…)` (css-own-variables.ts, colorOnlyBackgrounds), which means the
 * same for a color and loads nothing for a url().
 */
export interface ColorBackground {
  /** Where the property name starts, and where the declaration's value starts (after the colon) and ends. */
  propertyStart: number;
  valueStart: number;
  valueEnd: number;
  important: boolean;
  /** The refusal it gets where the sheet is not rewritten on its way in (an inline style, h.setStyle). */
  finding: DeclarationFinding;
}

export interface DeclarationScan {
  findings: DeclarationFinding[];
  /** Own-variable uses, passed on condition that the sheet is inserted through privateOwnVariables (css-own-variables.ts). */
  ownUses: OwnVariableUse[];
  /** Whole-value var() backgrounds, passed on condition that the sheet is inserted through colorOnlyBackgrounds. */
  colorBackgrounds: ColorBackground[];
  definitions: VariableDefinition[];
}

function lowerAscii(s: string): string {
  return /[A-Z]/.test(s) ? s.replace(/[A-Z]/g, (c) => c.toLowerCase()) : s;
}

/** A property or function name without a vendor prefix (-webkit-, -moz-, -ms-, -o-, -epub-, -internal-). */
export function withoutVendorPrefix(name: string): string {
  return name.replace(/^-(?:webkit|moz|ms|o|epub|internal)-/, '');
}

function significant(tokens: readonly CssToken[], from: number): number {
  let i = from;
  while (i < tokens.length && (tokens[i]?.type === 'whitespace' || tokens[i]?.type === 'comment')) i++;
  return i;
}

/** An attr() at tokens[i] with a type after its name (attr(x type(<url>)), attr(x px), attr(x string)); attr(x) and attr(x, fallback) give a string. */
function typedAttr(tokens: readonly CssToken[], i: number): boolean {
  let j = significant(tokens, i + 1);
  const isBar = (t: CssToken | undefined) => t?.type === 'delim' && t.value === '|';
  if (isBar(tokens[j])) j = significant(tokens, j + 1);
  else if (tokens[j]?.type === 'ident' || (tokens[j]?.type === 'delim' && tokens[j]?.value === '*')) {
    const bar = significant(tokens, j + 1);
    if (isBar(tokens[bar])) j = significant(tokens, bar + 1);
  }
  if (tokens[j]?.type !== 'ident') return true;
  const after = tokens[significant(tokens, j + 1)];
  return !(after === undefined || after.type === ')' || after.type === 'comma');
}

/** The substitution a function token makes, if it takes its value from the page at run time. */
function substitution(tokens: readonly CssToken[], i: number, name: string): string | undefined {
  if (name.startsWith('--')) return `the custom function ${name}()`;
  const base = withoutVendorPrefix(name);
  if (base === 'var' || base === 'inherit') return `${base}()`;
  if (base === 'attr' && typedAttr(tokens, i)) return 'a typed attr()';
  return undefined;
}

/**
 * The custom property a var() at tokens[i] names, when it is written plainly (no escapes: the name it is
 * renamed by is then the text it replaces), else undefined.
 */
function plainVarName(tokens: readonly CssToken[], i: number, source: string): { name: string; start: number; end: number } | undefined {
  const arg = tokens[significant(tokens, i + 1)];
  if (arg?.type !== 'ident' || !arg.value.startsWith('--')) return undefined;
  if (source.slice(arg.start, arg.end) !== arg.value) return undefined;
  return { name: arg.value, start: arg.start, end: arg.end };
}

function substitutionReason(what: string, property: string): string {
  if (property.startsWith('--')) {
    return `${what} in the custom property ${property} copies a value the page may have set to a url(), and the page's own rules may use ${property} where it loads; a remixlet may not make the page load an address it does not load itself. Write the value itself (a color, a length), or put ${what} inside calc() or a color function.`;
  }
  if (property === 'background') {
    return `${what} in background is refused: background is a shorthand that can load an image, and ${what} may bring in a url() the page defined but never loads. Write background-color: ${what === 'var()' ? 'var(--x)' : '…'} for a color, or put ${what} inside a gradient or color function.`;
  }
  return `${what} in ${property} is refused: ${property} can load an image or resource, and ${what} may bring in a url() the page defined but never loads (remixlet CSS may not make the page load an address it does not load itself). Write the value itself, or put ${what} inside calc(), a color or a gradient function.`;
}

/** A var() in a loading property, refused unless the end of the scan finds it the sheet's own or a whole background. */
interface PendingUse {
  own?: { name: string; start: number; end: number };
  background?: Omit<ColorBackground, 'finding'>;
  finding: DeclarationFinding;
}

interface Declaration {
  property: string;
  depth: number;
  propertyStart: number;
  valueStart: number;
  /** The token index of the first thing in the value. */
  firstValue: number;
  /** A var() that opened a background's value: whether it closed, and what followed it (only !important may). */
  wholeVar?: { use: PendingUse; closed: boolean; spoiled: boolean; bang?: number; important: boolean };
}

/**
 * Findings for rules 1 and 2 above, in one pass over a sheet's or an inline style's tokens. A declaration
 * is an ident followed by a colon at the start of a block, after a ";" or "}", or at the very start (an
 * inline style); reading a selector such as a:hover the same way costs nothing, since a selector holds no
 * var(). Field properties are refused wherever an ident of that name is followed by a colon, in a
 * declaration or in an at-rule prelude (@supports (field-sizing: content)) alike.
 */
export function declarationFindings(tokens: readonly CssToken[], source: string): DeclarationScan {
  const out: DeclarationFinding[] = [];
  /**
   * var() in loading properties: refused unless the sheet defines the property it names (`own`), or it is
   * the whole value of a background (`background`, set when its declaration ends); decided at the end.
   */
  const pendingUses: PendingUse[] = [];
  const definitions: VariableDefinition[] = [];
  /** The custom property definition being read (its name as written, and where its value starts). */
  let definition: { name: string; valueStart: number } | null = null;
  const endDefinition = (at: number) => {
    if (definition !== null) definitions.push({ ...definition, valueEnd: at });
    definition = null;
  };
  /** Open blocks and functions: '{' for a block, the lower-case name for a function, '(' or '[' for others. */
  const open: string[] = [];
  /** safeOpen[k]: how many of open[0..k] are SAFE_ARGUMENT_FUNCTIONS (kept beside open, so a check is O(1) however deep). */
  const safeOpen: number[] = [];
  const push = (o: string) => {
    open.push(o);
    safeOpen.push((safeOpen[safeOpen.length - 1] ?? 0) + (SAFE_ARGUMENT_FUNCTIONS.has(withoutVendorPrefix(o)) ? 1 : 0));
  };
  const pop = () => {
    open.pop();
    safeOpen.pop();
  };
  const safeBelow = (depth: number) => (depth === 0 ? 0 : (safeOpen[depth - 1] ?? 0));
  /** The declaration being read, with the depth of `open` at its start; null between declarations. */
  let decl: Declaration | null = null;
  /** Ends the declaration being read at `at` (its ";", its block's "}", or the end of the text). */
  const endDeclaration = (at: number) => {
    const whole = decl?.wholeVar;
    if (whole?.closed && !whole.spoiled && (whole.bang === undefined || whole.important)) {
      whole.use.background = { propertyStart: decl!.propertyStart, valueStart: decl!.valueStart, valueEnd: at, important: whole.important };
    }
    decl = null;
  };
  let atStart = true;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'whitespace' && t.type !== 'comment' && decl?.wholeVar?.closed && !(t.type === 'semicolon' || t.type === '}')) {
      // After the var() that opened a background's value: only "!important" may follow.
      const whole = decl.wholeVar;
      if (t.type === 'delim' && t.value === '!' && whole.bang === undefined) whole.bang = i;
      else if (t.type === 'ident' && whole.bang !== undefined && !whole.important && lowerAscii(t.value) === 'important') whole.important = true;
      else whole.spoiled = true;
    }
    switch (t.type) {
      case 'whitespace':
      case 'comment':
        continue;
      case '{':
        // A nested rule's selector read as a declaration's value: not a definition.
        definition = null;
        push('{');
        decl = null;
        atStart = true;
        continue;
      case '}':
        // A closer ends only its own kind of block, as CSS Syntax reads it (inside a function, "}" is part of the value).
        if (open[open.length - 1] === '{') {
          endDefinition(t.start);
          endDeclaration(t.start);
          pop();
          atStart = true;
        } else {
          atStart = false;
        }
        continue;
      case ')':
      case ']': {
        const top = open[open.length - 1];
        if (top !== undefined && top !== '{' && (t.type === ']') === (top === '[')) {
          pop();
          if (decl?.wholeVar && !decl.wholeVar.closed && open.length === decl.depth) decl.wholeVar.closed = true;
        }
        atStart = false;
        continue;
      }
      case 'semicolon':
        // Between declarations only at block level: inside a function or bracket it is part of the value.
        if (open.length === 0 || open[open.length - 1] === '{') {
          endDefinition(t.start);
          endDeclaration(t.start);
          atStart = true;
        }
        continue;
      case '(':
      case '[':
        push(t.type);
        atStart = false;
        continue;
      case 'function': {
        const name = lowerAscii(t.value);
        if (decl !== null) {
          const what = substitution(tokens, i, name);
          const property = decl.property;
          const guarded = safeBelow(open.length) > safeBelow(decl.depth);
          if (what !== undefined && !guarded && (LOADING_PROPERTIES.has(withoutVendorPrefix(property)) || property.startsWith('--'))) {
            const finding: DeclarationFinding = { offset: t.start, end: t.end, kind: 'substitution', reason: substitutionReason(what, property) };
            const own = what === 'var()' && !property.startsWith('--') ? plainVarName(tokens, i, source) : undefined;
            // The first thing in a background's value, outside any function: it may turn out to be the whole value.
            const opensBackground = what === 'var()' && withoutVendorPrefix(property) === 'background' && i === decl.firstValue;
            if (own || opensBackground) {
              const use: PendingUse = { ...(own ? { own } : {}), finding };
              pendingUses.push(use);
              if (opensBackground) decl.wholeVar = { use, closed: false, spoiled: false, important: false };
            } else {
              out.push(finding);
            }
            if (decl.wholeVar && decl.wholeVar.use.finding !== finding) decl.wholeVar.spoiled = true;
          }
        }
        push(name);
        atStart = false;
        continue;
      }
      case 'ident': {
        const name = lowerAscii(t.value);
        const next = tokens[significant(tokens, i + 1)];
        if (next?.type === 'colon') {
          if (FIELD_PROPERTIES.has(withoutVendorPrefix(name))) {
            out.push({
              offset: t.start,
              end: t.end,
              kind: 'field',
              reason: `${t.value} is refused in remixlet CSS: it changes how a form field sizes itself to its content or masks it, which could show a password through the page's layout (h.rect()) or its fonts; leave it to the page.`,
            });
          }
          if (atStart && (open.length === 0 || open[open.length - 1] === '{')) {
            const colonAt = significant(tokens, i + 1);
            const colon = tokens[colonAt]!;
            decl = { property: name, depth: open.length, propertyStart: t.start, valueStart: colon.end, firstValue: significant(tokens, colonAt + 1) };
            definition = name.startsWith('--') && source.slice(t.start, t.end) === t.value ? { name: t.value, valueStart: colon.end } : null;
          }
        }
        atStart = false;
        continue;
      }
      default:
        atStart = false;
        continue;
    }
  }
  endDefinition(source.length);
  endDeclaration(source.length);
  const defined = new Set(definitions.map((d) => d.name));
  const ownUses: OwnVariableUse[] = [];
  const colorBackgrounds: ColorBackground[] = [];
  for (const use of pendingUses) {
    if (use.own && defined.has(use.own.name)) ownUses.push({ ...use.own, finding: use.finding });
    else if (use.background) colorBackgrounds.push({ ...use.background, finding: use.finding });
    else out.push(use.finding);
  }
  return { findings: out, ownUses, colorBackgrounds, definitions };
}
