// Context: page agent (isolated world). The page's regions as a person sees them: header, navigation,
// main content, sidebars, comments, footer, by role, by tag or by what their id and classes plainly say.
// Only visible ones are listed (a hidden menu drawer is not where a person looks); a region inside
// another of the same kind is part of it. Trusts the DOM only through unclobbered reads.
import { isVisible } from '../describe';
import { closestOf, contains, parentElementOf, queryWithin } from '../../policy/unclobbered';
import { landmarkKind, namedKind, type RegionKind } from './kinds';

export interface Region {
  el: Element;
  kind: RegionKind;
}

const LANDMARKS = 'header, footer, nav, main, aside, search, [role=banner], [role=navigation], [role=main], [role=complementary], [role=contentinfo], [role=search]';
const NAMED = 'div[id], div[class], section[id], section[class], ul[id], ul[class], ol[id], ol[class], header[class], footer[class], aside[class], nav[class]';
const MAX_REGIONS = 40;

function insideSameKind(el: Element, kind: RegionKind, found: Map<Element, RegionKind>): boolean {
  for (let up = parentElementOf(el); up; up = parentElementOf(up)) if (found.get(up) === kind) return true;
  return false;
}

/** `all`: the page is hidden as a whole (a stylesheet that waits for a script to show it), so hidden ones count too. */
export function findRegions(root: Element, all = false): Region[] {
  const shown = (el: Element) => all || isVisible(el);
  const found = new Map<Element, RegionKind>();
  for (const el of queryWithin(root, LANDMARKS)) {
    const kind = landmarkKind(el);
    if (kind && shown(el)) found.set(el, kind);
  }
  const landmarks = [...found];
  for (const el of queryWithin(root, NAMED)) {
    if (found.has(el)) continue;
    const kind = namedKind(el);
    if (!kind || kind === 'main') continue;
    if (closestOf(el, 'a, button, p, li, h1, h2, h3, h4, h5, h6')) continue;
    // The page's own landmark wins over a container named like it around it (div#header around its
    // header[role=banner]): that landmark is what a model's selector should name.
    if (landmarks.some(([l, k]) => k === kind && contains(el, l))) continue;
    if (shown(el)) found.set(el, kind);
  }
  // Document order: the map was filled in two passes.
  const ordered = [...found].sort(([a], [b]) => (compare.call(a, b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return ordered
    .filter(([el, kind]) => !insideSameKind(el, kind, found))
    .slice(0, MAX_REGIONS)
    .map(([el, kind]) => ({ el, kind }));
}

const compare = Node.prototype.compareDocumentPosition;
