// Context: page agent. A MutationObserver that also sees inside shadow roots (open or closed): a page's
// observer never hears what changes inside a component, so each root is observed on its own, and the
// roots inside a subtree the page adds later are observed as they arrive. Serves dom.observe, dom.waitFor
// and rmx.keep's change watch. Trusts the DOM only.
import { shadowRootsUnder } from './shadow';

export class DeepObserver {
  private readonly observer: MutationObserver;
  private roots = new WeakSet<ShadowRoot>();
  /** The options the shadow roots are observed with, while some observation is deep. */
  private deep: MutationObserverInit | undefined;

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
    for (const root of shadowRootsUnder(target instanceof Document ? target : (target as Element | ShadowRoot))) this.add(root);
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
  }

  private add(root: ShadowRoot): void {
    if (!this.deep || this.roots.has(root)) return;
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
