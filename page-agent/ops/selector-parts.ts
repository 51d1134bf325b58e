// Context: page agent. A selector list read into its compounds' parts and combinators, for the plain
// selectors keeps are mostly written with (`#feed li.hot`, `#banner:not([style*="none"])`), without css-tree:
// css-tree's parser is large, and the first selector it reads on a page runs much of it for the first time in
// that page (a content script's code starts cold in every page), which cost a page with three keeps 2–8 ms of
// its main thread a load (bench/page-agent-cpu.bench.ts, bench/HISTORY.md, thirty-fourth session). Anything this reader is not sure of (escapes,
// non-ASCII names, namespaces, pseudo-elements, nested or unknown arguments, anything malformed) it leaves to
// css-tree by answering undefined, so the two never disagree where this one answers
// (tests/unit/page-agent/ops/selector-parts.test.ts holds them to that).
// Trusts nothing: the text is remixlet-written.
import parse from 'css-tree/parser';
import walk from 'css-tree/walker';
import type { CssNode } from 'css-tree';

/**
 * One part of a compound selector, or the combinator between two compounds (`name` ' ', '>', '+' or '~';
 * an attribute selector's is '', as css-tree's name of it is no string).
 * `withArgument`: a pseudo-class written with parentheses. `readsOutside`: what the part matches can depend on
 * elements the selector does not otherwise reach (a combinator inside a pseudo-class's argument, other than
 * directly inside `:has()`, which is relative to the element). `other`: anything else css-tree reads.
 */
export interface SelectorPart {
  kind: 'type' | 'id' | 'class' | 'attribute' | 'pseudo' | 'combinator' | 'other';
  name: string;
  withArgument: boolean;
  readsOutside: boolean;
}

const part = (kind: SelectorPart['kind'], name: string, withArgument = false, readsOutside = false): SelectorPart => ({ kind, name, withArgument, readsOutside });

/** A name as this reader accepts it: ASCII, no escapes, not starting with a digit or two hyphens. */
const NAME = /-?[A-Za-z_][A-Za-z0-9_-]*/y;
const SPACE = /[ \t\n\r\f]*/y;
const ATTRIBUTE = /\[[ \t\n\r\f]*(-?[A-Za-z_][A-Za-z0-9_-]*)[ \t\n\r\f]*(?:([~|^$*]?=)[ \t\n\r\f]*(?:-?[A-Za-z_][A-Za-z0-9_-]*|"[^"\\\n\r\f]*"|'[^'\\\n\r\f]*')[ \t\n\r\f]*(?:[iIsS][ \t\n\r\f]*)?)?\]/y;
/** Pseudo-classes whose argument is a selector list (css-tree reads it as one; `:has()`'s is relative). */
const SELECTOR_ARGUMENT = new Set(['not', 'is', 'where', 'has']);

function match(re: RegExp, text: string, at: number): string | undefined {
  re.lastIndex = at;
  return re.exec(text)?.[0];
}

/**
 * The list's selectors, each as its parts in order, or undefined when the text is not plain enough to read
 * here (css-tree reads it then). `relative`: each selector may begin with a combinator (a `:has()` argument).
 */
export function plainSelectorParts(text: string, relative = false): SelectorPart[][] | undefined {
  const selectors: SelectorPart[][] = [];
  let parts: SelectorPart[] = [];
  let i = match(SPACE, text, 0)!.length;
  // Whether the compound being read has a part yet (a type selector may only come first).
  let inCompound = false;
  const end = () => {
    if (parts.length === 0 || parts[parts.length - 1]!.kind === 'combinator') return false;
    selectors.push(parts);
    parts = [];
    inCompound = false;
    return true;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === ',') {
      if (!end()) return undefined;
      i += 1;
      i += match(SPACE, text, i)!.length;
      continue;
    }
    const space = match(SPACE, text, i)!.length;
    if (space > 0 || c === '>' || c === '+' || c === '~') {
      i += space;
      const next = text[i];
      if (next === undefined || next === ',') continue;
      const name = next === '>' || next === '+' || next === '~' ? next : ' ';
      if (name !== ' ') i += 1 + match(SPACE, text, i + 1)!.length;
      const first = parts.length === 0;
      if ((first && !(relative && name !== ' ')) || (!first && !inCompound)) return undefined;
      parts.push(part('combinator', name));
      inCompound = false;
      continue;
    }
    if (c === '*' || c === '-' || c === '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
      if (inCompound) return undefined;
      const name = c === '*' ? '*' : match(NAME, text, i);
      if (!name) return undefined;
      parts.push(part('type', name));
      i += name.length;
    } else if (c === '#' || c === '.') {
      const name = match(NAME, text, i + 1);
      if (!name) return undefined;
      parts.push(part(c === '#' ? 'id' : 'class', name));
      i += 1 + name.length;
    } else if (c === '[') {
      const read = match(ATTRIBUTE, text, i);
      if (!read) return undefined;
      parts.push(part('attribute', ''));
      i += read.length;
    } else if (c === ':') {
      if (text[i + 1] === ':') return undefined;
      const name = match(NAME, text, i + 1);
      if (!name) return undefined;
      i += 1 + name.length;
      if (text[i] !== '(') {
        parts.push(part('pseudo', name));
      } else {
        if (!SELECTOR_ARGUMENT.has(name)) return undefined;
        const close = text.indexOf(')', i);
        if (close < 0) return undefined;
        const argument = text.slice(i + 1, close);
        // A nested argument, or a parenthesis inside a quoted value, is css-tree's to read.
        if (argument.includes('(') || argument.includes(')')) return undefined;
        const inner = plainSelectorParts(argument, name === 'has');
        if (!inner) return undefined;
        // Inside :has(), combinators are relative to the element itself (only nested arguments could read outside, and there are none here).
        parts.push(part('pseudo', name, true, name !== 'has' && inner.some((s) => s.some((p) => p.kind === 'combinator'))));
        i = close + 1;
      }
    } else {
      return undefined;
    }
    inCompound = true;
  }
  if (!end()) return undefined;
  return selectors;
}

/** The list's selectors as parts: read here where plain, by css-tree otherwise; null when it does not parse. */
export function selectorParts(text: string): SelectorPart[][] | null {
  return plainSelectorParts(text) ?? cssTreeSelectorParts(text);
}

/** The list read by css-tree into the same parts, for what plainSelectorParts leaves to it; null when it does not parse. */
export function cssTreeSelectorParts(selectorList: string): SelectorPart[][] | null {
  let broken = false;
  let ast: CssNode;
  try {
    ast = parse(selectorList, { context: 'selectorList', onParseError: () => (broken = true) });
  } catch {
    return null;
  }
  if (broken || ast.type !== 'SelectorList') return null;
  const selectors: SelectorPart[][] = [];
  for (const selector of ast.children) {
    if (selector.type !== 'Selector') return null;
    selectors.push(selector.children.toArray().map(partOf));
  }
  return selectors;
}

const KINDS: Partial<Record<CssNode['type'], SelectorPart['kind']>> = {
  TypeSelector: 'type',
  IdSelector: 'id',
  ClassSelector: 'class',
  AttributeSelector: 'attribute',
  PseudoClassSelector: 'pseudo',
  Combinator: 'combinator',
};

function partOf(node: CssNode): SelectorPart {
  const name = 'name' in node && typeof node.name === 'string' ? node.name : '';
  return { kind: KINDS[node.type] ?? 'other', name, withArgument: 'children' in node && !!node.children, readsOutside: readsOutside(node) };
}

/**
 * Whether a part right of the anchor can test elements outside it: a pseudo-class other than :has() whose
 * argument holds a combinator (at any depth; :has() itself is relative to the element, so only what is
 * nested in it counts), or an argument css-tree could not read.
 */
function readsOutside(part: CssNode): boolean {
  let outside = false;
  walk(part, (node) => {
    if (outside) return;
    if (node.type === 'Raw') outside = true;
    else if (node.type === 'PseudoClassSelector' && node.name.toLowerCase() !== 'has' && node.children) {
      walk(node, (inner) => {
        if (inner.type === 'Combinator' || inner.type === 'Raw') outside = true;
      });
    }
  });
  return outside;
}
