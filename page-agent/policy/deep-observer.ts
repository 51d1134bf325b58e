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

  constructor(callback: (records: MutationRecord[]) => void) {
    this.observer = new MutationObserver((records) => {
      this.adopt(records);
      callback(records);
    });
  }

  /** Observes `target` as MutationObserver does; with deep, every shadow root in it and every one added later too. */
  observe(target: Node, options: MutationObserverInit, deep = true): void {
    this.observer.observe(target, options);
    if (!deep) return;
    this.deep = options;
    this.target = target;
    const last = this.searched;
    const age = last ? performance.now() - last.at : Infinity;
    if (last?.target !== target || age >= ROOT_SEARCH_STANDS_MS) {
      this.search(target);
      return;
    }
    for (const root of last.roots) this.add(root);
    this.searchAgain ??= setTimeout(() => {
      this.searchAgain = undefined;
      if (this.deep && this.target === target) this.search(target);
    }, ROOT_SEARCH_STANDS_MS - age);
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

  private search(target: Node): void {
    this.searched = { target, at: performance.now(), roots: new Set() };
    for (const root of shadowRootsUnder(target instanceof Document ? target : (target as Element | ShadowRoot))) this.add(root);
  }

  private add(root: ShadowRoot): void {
    if (!this.deep) return;
    this.searched?.roots.add(root);
    if (this.roots.has(root)) return;
    this.roots.add(root);
    this.observer.observe(root, this.deep);
  }

  private adopt(records: readonly MutationRecord[]): void {
    if (!this.deep) return;
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) for (const root of shadowRootsUnder(node)) this.add(root);
    }
  }
}
