// Context: remixlet runtime (dedicated worker). The `dom` global a remixlet sees: every call crosses to
// the page agent, which checks it under the page policy. Trusts nothing from the page agent beyond the
// parsed answers the bridge hands back.
import type { Handle } from '../../contracts/dom/ops';
import type { Bridge } from './bridge';
import { childRefs, ElementHandle, pendingHandle, type PendingHandle } from './handle';
import type { EventRouter } from './events';

export function createDom(bridge: Bridge, events: EventRouter) {
  const wrapAll = (v: unknown) => (v as Handle[]).map((h) => new ElementHandle(h, bridge, events));
  // Finding or making one element answers a pending handle: its calls can be chained before it is awaited (handle.ts).
  const pending = (answer: Promise<unknown>) => pendingHandle(answer, bridge, events);
  return Object.freeze({
    query: (sel: string) => pending(bridge.dom({ op: 'query', sel })),
    queryAll: (sel: string, opts: { limit?: number } = {}) => bridge.dom({ op: 'queryAll', sel, ...opts }).then(wrapAll),
    waitFor: (sel: string, opts: { timeout?: number } = {}) => pending(bridge.dom({ op: 'waitFor', sel, ...opts })),
    url: () => bridge.dom({ op: 'url' }) as Promise<string>,
    title: () => bridge.dom({ op: 'title' }) as Promise<string>,
    /** A detached element from the fixed list; insert it with h.append(…) and friends. Children may be pending handles. */
    create: (tag: string, opts: { attrs?: Record<string, string>; text?: string; children?: Array<ElementHandle | PendingHandle> } = {}) => {
      const { children, ...rest } = opts ?? {};
      const send = (kids: unknown) => bridge.dom({ op: 'create', tag, ...rest, ...(kids === undefined ? {} : { children: kids }) } as never);
      // Children that are not a list go as they are: the create's check refuses them as malformed.
      if (!Array.isArray(children)) return pending(send(children));
      const refs = childRefs(bridge, children);
      return pending(refs instanceof Promise ? refs.then(send) : send(refs));
    },
    addStyle: (css: string) => bridge.dom({ op: 'addStyle', css }).then(() => undefined),
    /** Calls handler with the elements matching sel as they appear (and, with { existing: true }, those already there). */
    async observe(sel: string, handler: (elements: ElementHandle[]) => void, opts: { existing?: boolean } = {}) {
      const answer = (await bridge.dom({ op: 'observe', sel, ...opts })) as { observer: string; existing: Handle[] };
      events.onObserved(answer.observer, (handles) => handler(wrapAll(handles)));
      if (answer.existing.length) handler(wrapAll(answer.existing));
      return { stop: () => bridge.dom({ op: 'unobserve', observer: answer.observer }).then(() => events.offObserved(answer.observer)) };
    },
    /** Runs fn and sends every dom call it makes in one round trip; each call still gets its own result. */
    async batch<T>(fn: () => T | Promise<T>): Promise<T> {
      const result = fn();
      bridge.flush();
      return result;
    },
  });
}
