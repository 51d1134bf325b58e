// Context: page agent. Where an rmx.keep's selectors can match, read from the selectors alone, so its watch
// can observe those places instead of the whole page. On a page that changes thousands of times a second,
// an observer of the whole document costs the page about 12 % more main-thread time even when its
// callback does nothing (the records are made for every text swap); observing only the watched elements,
// their subtrees and their ancestors costs it about nothing (bench/page-cost.bench.ts, bench/HISTORY.md).
// Trusts nothing: the selectors are remixlet-written and were checked by the page's selector policy; a
// reading this cannot be sure of means "anywhere", which watches the whole page as before.
import { selectorParts, type SelectorPart } from './selector-parts';

/** At most this many selector lists remembered (the watch op is called with the same few over and over). */
const CACHE_MAX = 64;
const cache = new Map<string, string[] | null>();

/**
 * The id selectors (as written, e.g. `#feed`) that anchor every selector of the list: every element the
 * list can match is an element with one of those ids or inside one, and whether it matches depends only on
 * that element's subtree, the element itself, and its ancestors (their attributes and their place among
 * their siblings). null when some selector has no such anchor (`.ad`, `#a ~ p`, `#a:has(~ p) b`).
 *
 * Per selector: the anchor is the rightmost compound with an id. Left of it, in it and leaving it, only
 * descendant and child combinators, and in it and left of it no pseudo-class that takes an argument (those
 * can read siblings' or descendants' attributes elsewhere). Further right, every element reached from a
 * descendant of the anchor (its children, its siblings, :has()) is inside the anchor too, except through a
 * complex selector in a pseudo-class's argument (`:is(body.x *)`, `:not(.banner + * *)`, `:nth-child(1 of
 * .a .b)`), which can test anything: such a selector has no anchor. (What an attribute change elsewhere on
 * the anchor's ancestors does is still judged: watch-near.ts.)
 */
export function anchorIds(selectorList: string): string[] | null {
  if (cache.has(selectorList)) return cache.get(selectorList)!;
  const ids = read(selectorList);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(selectorList, ids);
  return ids;
}

function read(selectorList: string): string[] | null {
  if (!selectorList.includes('#')) return null;
  const selectors = selectorParts(selectorList);
  if (!selectors) return null;
  const ids = new Set<string>();
  for (const parts of selectors) {
    const anchor = anchorOf(parts);
    if (anchor === null) return null;
    ids.add(anchor);
  }
  return ids.size > 0 ? [...ids] : null;
}

function anchorOf(parts: SelectorPart[]): string | null {
  let anchorAt = -1;
  let id = '';
  for (const [i, part] of parts.entries()) {
    if (part.kind === 'id') {
      anchorAt = i;
      id = part.name;
    }
  }
  if (anchorAt === -1) return null;
  // The anchor's whole compound: up to the next combinator.
  let end = anchorAt;
  while (end + 1 < parts.length && parts[end + 1]?.kind !== 'combinator') end += 1;
  // Every match must be the anchor or below it: the combinator leaving the anchor goes down, not sideways.
  const leaving = parts[end + 1];
  if (leaving && (leaving.kind !== 'combinator' || (leaving.name !== ' ' && leaving.name !== '>'))) return null;
  for (const part of parts.slice(end + 1)) if (part.readsOutside) return null;
  for (const part of parts.slice(0, end + 1)) {
    switch (part.kind) {
      case 'type':
      case 'id':
      case 'class':
      case 'attribute':
        break;
      case 'combinator':
        if (part.name !== ' ' && part.name !== '>') return null;
        break;
      case 'pseudo':
        if (part.withArgument) return null;
        break;
      default:
        return null;
    }
  }
  return `#${id}`;
}
