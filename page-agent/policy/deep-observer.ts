// Context: page agent. A MutationObserver that also sees inside shadow roots (open or closed): a page's
// observer never hears what changes inside a component, so each root is observed on its own, and the
// roots inside a subtree the page adds later are observed as they arrive. Serves dom.observe, dom.waitFor
// and rmx.keep's change watch. Trusts the DOM only.
import { shadowRootsUnder } from './shadow';

/**
 * How long one search of a target for shadow roots stands when the same target is observed again. A watch
 * lets go of the page between a change and its report and observes it again after, several times a second on
 * a live page; searching 50,000 elements for roots costs 15–25 ms each time (bench/page-cost.bench.ts).
 * Within this time the roots already found (and those in subtrees added since) are observed at once, and a
 * search at its end finds any root attached in between.
 */
export const ROOT_SEARCH_STANDS_MS = 5_000;

/**
 * How long a search asked for "soon" waits. rmx.keep's first watch (any change, before its first check has
 * shown what it looks at) usually lives only for that check's few round trips, and its search for roots was
 * the dearest thing the keep did to a big real page's load (15 ms of 9,881 elements, bench/HISTORY.md); asked
 * soon, it is mostly never made.
 */
export const SEARCH_SOON_MS = 1_000;

export class DeepObserver {
  private readonly observer: MutationObserver;
  private roots = new WeakSet<ShadowRoot>();
  /** The options the shadow roots are observed with, while some observation is deep. */
  private deep: MutationObserverInit | undefined;
  /** The target observed deep now. */
  private target: Node | undefined;
  /** The last search for roots: of which target, when, and every root it and later additions found. */
  private searched: { target: Node; at: number; roots: Set<ShadowRoot> } | undefined;
  private searchAgain: ReturnType<typeof setTimeout> | undefined;

  /**
   * `onNewRoots`, when given, hears when a search made later than the observation began (a search asked
   * for soon, or the one at the end of a standing search) found roots not observed until then: changes in
   * them meanwhile went unseen, so the observer's user should look again.
   */
  constructor(
    callback: (records: MutationRecord[]) => void,
    private readonly onNewRoots?: () => void,
  ) {
    this.observer = new MutationObserver((records) => {
      this.adopt(records);
      callback(records);
    });
  }

  /**
   * Observes `target` as MutationObserver does; deep, also every shadow root in it and every one added later.
   * 'soon': the roots a last search of this target found are observed at once and a new search waits
   * SEARCH_SOON_MS, so an observation that ends before then costs no search; for a user that can look again
   * when told of new roots (onNewRoots), not for one that must see every change at once.
   */
  observe(target: Node, options: MutationObserverInit, deep: boolean | 'soon' = true): void {
    this.observer.observe(target, options);
    if (!deep) return;
    this.deep = options;
    this.target = target;
    const last = this.searched?.target === target ? this.searched : undefined;
    const age = last ? performance.now() - last.at : Infinity;
    if (age >= ROOT_SEARCH_STANDS_MS && deep !== 'soon') {
      clearTimeout(this.searchAgain);
      this.searchAgain = undefined;
      this.search(target);
      return;
    }
    // A shadow root is never taken off its host, so the roots found before are roots still. One search
    // waits at a time: a watch observes again at every report, and a page that changes every frame must not
    // keep putting it off.
    for (const root of last?.roots ?? []) this.add(root);
    this.searchAgain ??= setTimeout(
      () => {
        this.searchAgain = undefined;
        if (!this.deep || this.target !== target) return;
        if (this.search(target) > 0) this.onNewRoots?.();
      },
      age >= ROOT_SEARCH_STANDS_MS ? SEARCH_SOON_MS : ROOT_SEARCH_STANDS_MS - age,
    );
  }

  /** Records made but not yet delivered, their new roots observed. */
  takeRecords(): MutationRecord[] {
    const records = this.observer.takeRecords();
    this.adopt(records);
    return records;
  }

  disconnect(): void {
    this.observer.disconnect();
    this.roots = new WeakSet();
    this.deep = undefined;
    this.target = undefined;
  }

  /** Searches target for roots and observes them; answers how many were not observed before. */
  private search(target: Node): number {
    this.searched = { target, at: performance.now(), roots: new Set() };
    let added = 0;
    for (const root of shadowRootsUnder(target instanceof Document ? target : (target as Element | ShadowRoot))) if (this.add(root)) added++;
    return added;
  }

  /** Observes root (deep) unless it already is; answers whether it was new. */
  private add(root: ShadowRoot): boolean {
    if (!this.deep) return false;
    this.searched?.roots.add(root);
    if (this.roots.has(root)) return false;
    this.roots.add(root);
    this.observer.observe(root, this.deep);
    return true;
  }

  private adopt(records: readonly MutationRecord[]): void {
    if (!this.deep) return;
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) for (const root of shadowRootsUnder(node)) this.add(root);
    }
  }
}
