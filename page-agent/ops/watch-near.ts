// Context: page agent. What counts as a change "near" what an rmx.keep watches, given the selectors its
// checks looked at: a change inside a watched element (its text, attributes, children), a watched element
// added, removed or replaced wholesale (it, or an ancestor, left the document), or an attribute of a watched
// element or of one of its ancestors (a class on <body> can change what matches and how it looks). Anything
// else, such as a sibling list elsewhere growing, does not count.
// Trusts nothing: the selectors were checked by the watch op; this only reads the page.
import { LIMITS } from '../../contracts/dom/ops';

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
    /** One selector list. */
    readonly selector: string,
    /** It tests the value attribute (the watch reports every change once the page has a password field). */
    readonly testsValue: boolean,
  ) {}

  /** Takes note of what matches now; called when watching starts and before each report. */
  remember(): void {
    this.matched = [];
    this.around = new WeakSet();
    for (const el of document.querySelectorAll(this.selector)) {
      if (this.matched.length >= LIMITS.queryAllMax) break;
      this.matched.push(el);
      for (let n: Node | null = el; n && !this.around.has(n); n = n.parentNode) this.around.add(n);
    }
  }

  private spent = 0;
  private since = -Infinity;

  /** Whether any of these records (one observer callback's worth) is near the watched elements. */
  touchedBy(records: readonly MutationRecord[], now = performance.now()): boolean {
    if (now - this.since >= RECORD_BUDGET.perMs) {
      this.since = now;
      this.spent = 0;
    }
    for (const r of records) this.spent += 1 + r.addedNodes.length;
    if (this.spent > RECORD_BUDGET.records) return true;
    // A watched element, or an ancestor of one, left the document: removed, or replaced wholesale by a redraw.
    for (const el of this.matched) if (!el.isConnected) return true;
    for (const r of records) if (this.near(r)) return true;
    return false;
  }

  private inside(node: Node): boolean {
    const el = node instanceof Element ? node : node.parentElement;
    return el !== null && el.closest(this.selector) !== null;
  }

  private near(r: MutationRecord): boolean {
    if (this.inside(r.target)) return true;
    switch (r.type) {
      case 'attributes':
        // On a watched element that stopped matching, or on an ancestor of one.
        return this.around.has(r.target);
      case 'childList':
        for (const n of r.addedNodes) {
          if (n instanceof Element && n.isConnected && (n.matches(this.selector) || n.querySelector(this.selector) !== null)) return true;
        }
        return false;
      default:
        return false;
    }
  }
}
