// Context: page agent. What counts as a change "near" what an rmx.keep watches, given the selectors its
// checks looked at and the elements of handles they used: a change inside a watched element (its text, attributes, children), a watched element
// added, removed or replaced wholesale (it, or an ancestor, left the document), or an attribute of a watched
// element or of one of its ancestors (a class on <body> can change what matches and how it looks). Anything
// else, such as a sibling list elsewhere growing, does not count. Each area also says where the observer
// must look for those changes (ObservedPlaces), when that is less than the whole page.
// Trusts nothing: the selectors were checked by the watch op, the handles found in the remixlet's own
// table; this only reads the page.
import { LIMITS } from '../../contracts/dom/ops';
import { anchorIds } from './watch-anchors';

/** Anchor ids beyond which a watch observes the whole page instead. */
const ANCHORS_MAX = 32;

/**
 * Where the observer must look for an area: the subtrees of the watched elements (and of the selectors'
 * anchors), and their ancestors themselves (attributes, children: a class on <body>, a redraw that replaces
 * one). null: the whole page (the selectors have no anchor, or none is on the page yet, or a watched
 * element has left it and may be put back anywhere).
 */
export interface ObservedPlaces {
  subtrees: Element[];
  around: Node[];
}

/**
 * Records (and nodes they add) judged per 16 ms at most. Past that, a change counts as near without looking, as for a watch of
 * the whole page: judging costs the page a selector match per record, and a page that changes that much
 * (or selectors made expensive on purpose) would otherwise cost it more than the reports saved.
 */
export const RECORD_BUDGET = { records: 1_000, perMs: 16 } as const;

export class WatchedArea {
  /** The elements that matched when last remembered (at most queryAllMax), to see them leave. */
  private matched: Element[] = [];
  /** Those elements and their ancestors, whose attributes count. */
  private around = new WeakSet<Node>();

  constructor(
    /** One selector list ('' for none). */
    readonly selector: string,
    /** It depends on a field's value (selectorTestsValue; the watch reports every change once the page has a password field). */
    readonly testsValue: boolean,
    /** Elements watched as they are (a keep's check used their handles), whatever selectors match them. */
    private readonly elements: readonly Element[] = [],
  ) {}

  /** The watched elements that lie inside a shadow root (handles found through `>>>`): the page's own tree does not hold them. */
  shadowElements(): Element[] {
    return this.elements.filter((e) => e.isConnected && e.getRootNode() !== document);
  }

  /** Whether a watched element has left the page: it may come back anywhere, inside a shadow root too. */
  lostElement(): boolean {
    return this.elements.some((e) => !e.isConnected);
  }

  /** Takes note of what matches now; called when watching starts and before each report. */
  remember(): void {
    this.matched = [];
    this.around = new WeakSet();
    this.inner = new WeakSet();
    this.placed = new WeakSet();
    const found = this.selector ? document.querySelectorAll(this.selector) : [];
    for (const el of [...this.elements.filter((e) => e.isConnected), ...found]) {
      if (this.matched.length >= LIMITS.queryAllMax) break;
      this.matched.push(el);
      this.inner.add(el);
      for (let n: Node | null = el; n && !this.around.has(n); n = n.parentNode) this.around.add(n);
    }
    for (const el of this.elements) this.inner.add(el);
    this.generation += 1;
    this.places = this.placesNow();
  }

  /** Where to observe, as of the last remember() (see ObservedPlaces). */
  places: ObservedPlaces | null = null;

  private placesNow(): ObservedPlaces | null {
    // A value-testing selector reports every change once the page has a password field (watch.ts).
    if (this.testsValue) return null;
    const subtrees = [...this.elements];
    if (subtrees.some((e) => !e.isConnected)) return null;
    if (this.selector) {
      const ids = anchorIds(this.selector);
      if (!ids || ids.length > ANCHORS_MAX) return null;
      // Each anchor once on the page: one not there yet may come anywhere, and a page that repeats an id
      // (cards, widgets) may add another anywhere too; both watch the whole page.
      for (const id of ids) {
        const found = document.querySelectorAll(id);
        if (found.length !== 1) return null;
        subtrees.push(found[0]!);
      }
    }
    const around = new Set<Node>();
    for (const el of subtrees) for (let n: Node | null = el.parentNode; n && !around.has(n); n = n.parentNode) around.add(n);
    for (const n of [...subtrees, ...around]) this.placed.add(n);
    return { subtrees, around: [...around] };
  }

  /**
   * The observed places' roots and their ancestors. Observing only those, a watched element or an anchor
   * that the page moves elsewhere shows only as its removal here, and an anchor losing its id as a change
   * to it: both count, and the report that follows observes the places anew.
   */
  private placed = new WeakSet<Node>();

  /** Counts remember() calls, so a union of areas knows when to take their elements again. */
  generation = 0;

  /** One area standing for several: their selectors, elements and what they matched when last remembered. */
  static union(areas: readonly WatchedArea[]): WatchedArea {
    const selector = areas.map((a) => a.selector).filter(Boolean).join(', ');
    const all = new WatchedArea(selector, areas.some((a) => a.testsValue), areas.flatMap((a) => a.elements));
    for (const a of areas) {
      for (const el of a.matched) {
        all.matched.push(el);
        all.inner.add(el);
        for (let n: Node | null = el; n && !all.around.has(n); n = n.parentNode) all.around.add(n);
      }
      for (const el of a.elements) all.inner.add(el);
      for (const n of [...(a.places?.subtrees ?? []), ...(a.places?.around ?? [])]) all.placed.add(n);
    }
    return all;
  }

  /**
   * The watched elements, to tell in a few lookups whether a node is inside one (rather than matching the
   * selectors against each of its ancestors, for every record of a page that changes all the time). An
   * element that starts matching since shows first as an attribute change or an insertion, and the report
   * that follows remembers it.
   */
  private inner = new WeakSet<Node>();

  private spent = 0;
  private since = -Infinity;

  /** Whether any of these records (one observer callback's worth) is near the watched elements. */
  touchedBy(records: readonly MutationRecord[], now = performance.now()): boolean {
    if (now - this.since >= RECORD_BUDGET.perMs) {
      this.since = now;
      this.spent = 0;
    }
    // A watched element, or an ancestor of one, left the document: removed, or replaced wholesale by a redraw.
    for (const el of this.matched) if (!el.isConnected) return true;
    // One pass, each record's parts read once: this runs for every mutation of a page while a keep watches it.
    for (const r of records) {
      const type = r.type;
      const added = type === 'childList' ? r.addedNodes : undefined;
      this.spent += 1 + (added ? added.length : 0);
      if (this.spent > RECORD_BUDGET.records) return true;
      if (this.near(type, r.target, added, type === 'childList' ? r.removedNodes : undefined, r.attributeName)) return true;
    }
    return false;
  }

  private inside(node: Node): boolean {
    for (let n: Node | null = node; n; n = n.parentNode) if (this.inner.has(n)) return true;
    return false;
  }

  private near(type: MutationRecordType, target: Node, added: NodeList | undefined, removed: NodeList | undefined, attribute: string | null): boolean {
    // On a watched element that stopped matching, or on an ancestor of one (a class on <body>).
    if (type === 'attributes' && this.around.has(target)) return true;
    // An anchor that lost or changed its id: the places to observe change.
    if (type === 'attributes' && attribute === 'id' && this.placed.has(target)) return true;
    if (removed) for (const n of removed) if (this.placed.has(n)) return true;
    if (this.inside(target)) return true;
    switch (type) {
      case 'attributes':
        // On an element that matches now, or that now makes one below it match (a class on an anchor's
        // ancestor, or between the anchor and the element). Elsewhere on an ancestor (a CSS variable set on
        // <html> as the page scrolls) it does not count.
        return this.selector !== '' && target instanceof Element && (target.matches(this.selector) || target.querySelector(this.selector) !== null);
      case 'childList':
        for (const n of added!) {
          if (!(n instanceof Element) || !n.isConnected) continue;
          if (this.selector && (n.matches(this.selector) || n.querySelector(this.selector) !== null)) return true;
          // A watched element put back (or moved) by the page.
          if (this.elements.some((e) => n === e || n.contains(e))) return true;
        }
        return false;
      default:
        return false;
    }
  }
}

let cached: { areas: readonly WatchedArea[]; generations: number[]; union: WatchedArea } | undefined;

/**
 * The areas these records touch, judged in one pass for all of them: each record is looked at once against
 * their union, and only when that is touched is each area judged on its own. A page changing thousands of
 * times a second away from every watched element costs one look per record, not one per keep.
 */
export function touchedAreas(areas: readonly WatchedArea[], records: readonly MutationRecord[], now = performance.now()): WatchedArea[] {
  if (areas.length <= 1) return areas.filter((a) => a.touchedBy(records, now));
  const generations = areas.map((a) => a.generation);
  if (!cached || cached.areas.length !== areas.length || cached.areas.some((a, i) => a !== areas[i] || generations[i] !== cached!.generations[i])) {
    cached = { areas: [...areas], generations, union: WatchedArea.union(areas) };
  }
  if (!cached.union.touchedBy(records, now)) return [];
  return areas.filter((a) => a.touchedBy(records, now));
}
