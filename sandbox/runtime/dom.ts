// Context: remixlet runtime (dedicated worker). The `dom` global a remixlet sees: every call crosses to
// the page agent, which checks it under the page policy.
import type { Handle } from '../../contracts/dom/ops';
import type { Bridge } from './bridge';
import { ElementHandle } from './handle';
import type { EventRouter } from './events';

export function createDom(bridge: Bridge, events: EventRouter) {
  const wrap = (v: unknown) => (v ? new ElementHandle(v as Handle, bridge, events) : null);
  const wrapAll = (v: unknown) => (v as Handle[]).map((h) => new ElementHandle(h, bridge, events));
  return Object.freeze({
    query: (sel: string) => bridge.dom({ op: 'query', sel }).then(wrap),
    queryAll: (sel: string, opts: { limit?: number } = {}) => bridge.dom({ op: 'queryAll', sel, ...opts }).then(wrapAll),
    waitFor: (sel: string, opts: { timeout?: number } = {}) => bridge.dom({ op: 'waitFor', sel, ...opts }).then(wrap),
    url: () => bridge.dom({ op: 'url' }) as Promise<string>,
    title: () => bridge.dom({ op: 'title' }) as Promise<string>,
    create: (tag: string, opts: { attrs?: Record<string, string>; text?: string } = {}) =>
      bridge.dom({ op: 'create', tag, ...opts }).then((v) => wrap(v)!),
    addStyle: (css: string) => bridge.dom({ op: 'addStyle', css }).then(() => undefined),
    async observe(sel: string, handler: (elements: ElementHandle[]) => void) {
      const observer = (await bridge.dom({ op: 'observe', sel })) as string;
      events.onObserved(observer, (handles) => handler(wrapAll(handles)));
      return { stop: () => bridge.dom({ op: 'unobserve', observer }).then(() => events.offObserved(observer)) };
    },
    /** Runs fn and sends every dom call it makes in one round trip; each call still gets its own result. */
    async batch<T>(fn: () => T | Promise<T>): Promise<T> {
      const result = fn();
      bridge.flush();
      return result;
    },
  });
}
