// Context: page agent (content script, isolated world). Handle tables, one per remixlet: a handle names an
// element only for the remixlet that received it, so one remixlet cannot use another's handles.
import { RemixletRefusal } from '../contracts/refusals';
import type { Handle, HandleRef } from '../contracts/dom/ops';

const MAX_HANDLES = 20_000;

export class HandleTable {
  private readonly byId = new Map<string, Element>();
  private readonly byElement = new WeakMap<Element, string>();
  readonly created = new WeakSet<Element>();
  private counter = 0;

  handleOf(el: Element): Handle {
    let id = this.byElement.get(el);
    if (!id) {
      if (this.byId.size >= MAX_HANDLES) this.evictGone();
      if (this.byId.size >= MAX_HANDLES) throw new RemixletRefusal('READ_TOO_LARGE', `A remixlet may hold at most ${MAX_HANDLES} handles on a page.`);
      this.counter += 1;
      id = `h${this.counter.toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
      this.byId.set(id, el);
      this.byElement.set(el, id);
    }
    return { h: id, tag: el.tagName.toLowerCase() };
  }

  resolve(ref: HandleRef, batchResults: unknown[], op: string): Element {
    let id: string | undefined;
    if (typeof ref === 'string') id = ref;
    else {
      const earlier = batchResults[ref.ref] as { h?: unknown } | null | undefined;
      id = typeof earlier?.h === 'string' ? earlier.h : undefined;
    }
    const el = id ? this.byId.get(id) : undefined;
    if (!el) throw new RemixletRefusal('HANDLE_UNKNOWN', 'This handle was never given to this remixlet on this page.', op);
    if (!el.isConnected && !this.created.has(el)) {
      throw new RemixletRefusal('HANDLE_GONE', 'The element this handle pointed at has left the page; query it again.', op);
    }
    return el;
  }

  private evictGone(): void {
    for (const [id, el] of this.byId) if (!el.isConnected && !this.created.has(el)) this.byId.delete(id);
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
