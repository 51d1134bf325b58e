// Context: page agent (content script, isolated world). Handle tables, one per remixlet: a handle names an
// element only for the remixlet that received it, so one remixlet cannot use another's handles. Trusts
// nothing a sandbox sends: an id it was never given is HANDLE_UNKNOWN, an element that left the page is
// HANDLE_GONE.
import { RemixletRefusal } from '../contracts/refusals';
import { CHAINED_ON_NOTHING, type Handle, type HandleRef } from '../contracts/dom/ops';
import { remixletMade } from './policy/page-loads';
import { localNameOf } from './policy/unclobbered';

const MAX_HANDLES = 20_000;

export class HandleTable {
  private readonly byId = new Map<string, Element>();
  private readonly byElement = new WeakMap<Element, string>();
  /** Elements this remixlet made (dom.create, h.clone, h.setHTML): it may write their real attributes. */
  private readonly created = new WeakSet<Element>();
  private counter = 0;

  handleOf(el: Element): Handle {
    let id = this.byElement.get(el);
    if (!id) {
      if (this.byId.size >= MAX_HANDLES) this.evictGone();
      if (this.byId.size >= MAX_HANDLES) throw new RemixletRefusal('TOO_MANY', `A remixlet may hold at most ${MAX_HANDLES} handles to live elements on a page; query fewer elements at once.`);
      this.counter += 1;
      // The random part keeps ids from being guessed across page loads; they mean nothing outside this table anyway.
      id = `h${this.counter.toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
      this.byId.set(id, el);
      this.byElement.set(el, id);
    }
    return { h: id, tag: localNameOf(el).toLowerCase().slice(0, 64) };
  }

  resolve(ref: HandleRef, batchResults: unknown[], op: string): Element {
    let id: string | undefined;
    if (typeof ref === 'string') id = ref;
    else {
      const earlier = batchResults[ref.ref] as { h?: unknown } | null | undefined;
      id = typeof earlier?.h === 'string' ? earlier.h : undefined;
      if (!id) throw new RemixletRefusal('HANDLE_UNKNOWN', `${CHAINED_ON_NOTHING} ({ ref: ${ref.ref} })`, op);
    }
    const el = id ? this.byId.get(id) : undefined;
    if (!el) throw new RemixletRefusal('HANDLE_UNKNOWN', 'This handle was never given to this remixlet on this page; use one that dom.query or dom.create returned.', op);
    if (!this.isAlive(el)) {
      throw new RemixletRefusal('HANDLE_GONE', 'The element this handle pointed at has left the page; query it again.', op);
    }
    return el;
  }

  /** On the page, or inside a detached tree this remixlet made (so a created card can be filled before it is inserted). */
  isAlive(el: Element): boolean {
    if (el.isConnected) return true;
    const root = el.getRootNode();
    return root instanceof Element && this.created.has(root);
  }

  /** Records a tree this remixlet made, root and descendants. */
  markCreated(root: Element | DocumentFragment): void {
    if (root instanceof Element) this.mark(root);
    for (const el of root.querySelectorAll('*')) this.mark(el);
  }

  private mark(el: Element): void {
    this.created.add(el);
    remixletMade.add(el);
  }

  isCreated(el: Element): boolean {
    return this.created.has(el);
  }

  private evictGone(): void {
    for (const [id, el] of this.byId) if (!this.isAlive(el)) this.byId.delete(id);
  }

  clear(): void {
    this.byId.clear();
  }
}

const tables = new Map<string, HandleTable>();
export function tableFor(remixletId: string): HandleTable {
  let t = tables.get(remixletId);
  if (!t) {
    t = new HandleTable();
    tables.set(remixletId, t);
  }
  return t;
}
export function dropTable(remixletId: string): void {
  tables.get(remixletId)?.clear();
  tables.delete(remixletId);
}
