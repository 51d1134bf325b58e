// Context: remixlet runtime (dedicated worker). The rmx services beyond storage: clipboard, notify, menu,
// schedule, messages, fetch and network.observe. Each is a call through the bridge that the offscreen
// host parses and the worker checks against the approved manifest; nothing is decided here. What comes
// back (fetch results, observed responses) is parsed before remixlet code sees it.
import { z } from '../../contracts/zod-mini';
import type { Bridge } from './bridge';
import type { EventRouter } from './events';
import { FetchResult, ObservedResponse, QueuedMessage, menuListener } from '../../contracts/boundaries/service-answers';

type Fn = (...args: never[]) => unknown;
const isFunction = (f: unknown): f is Fn => typeof f === 'function';
const pick = (source: unknown, keys: readonly string[]): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  if (source && typeof source === 'object') for (const k of keys) if ((source as Record<string, unknown>)[k] !== undefined) out[k] = (source as Record<string, unknown>)[k];
  return out;
};

export function createServices(bridge: Bridge, events: EventRouter, onHandlerError: (e: unknown) => void) {
  let observers = 0;
  const run = (handler: Fn, ...args: unknown[]) => {
    try {
      const result = (handler as (...a: unknown[]) => unknown)(...args);
      if (result instanceof Promise) result.catch(onHandlerError);
    } catch (e) {
      onHandlerError(e);
    }
  };
  return {
    clipboard: Object.freeze({ write: (text: string) => bridge.call('clipboard', { text }).then(() => undefined) }),
    notify: (options: { title: string; message: string }) => bridge.call('notify', pick(options, ['title', 'message'])).then(() => undefined),
    menu: Object.freeze({
      add: async (item: { id: string; title: string }, handler: () => unknown) => {
        if (!isFunction(handler)) throw new TypeError('rmx.menu.add(item, handler): handler must be a function');
        const id = String(item?.id);
        events.onEvent(menuListener(id), (e) => e.type === 'menu' && run(handler));
        try {
          await bridge.call('menu', { action: 'add', ...pick(item, ['id', 'title']) });
        } catch (e) {
          events.offEvent(menuListener(id));
          throw e;
        }
      },
      remove: async (id: string) => {
        events.offEvent(menuListener(String(id)));
        await bridge.call('menu', { action: 'remove', id });
      },
    }),
    schedule: (options: Record<string, unknown>) =>
      bridge.call('schedule', { action: 'set', ...pick(options, ['id', 'at', 'inMinutes', 'everyMinutes', 'notify', 'open', 'message']) }).then(() => undefined),
    unschedule: (id: string) => bridge.call('schedule', { action: 'cancel', id }).then(() => undefined),
    messages: async () => z.array(QueuedMessage).parse(await bridge.call('messages', {})),
    fetch: async (url: string, init: Record<string, unknown> = {}) =>
      Object.freeze(FetchResult.parse(await bridge.call('fetch', { url: String(url), ...pick(init, ['method', 'headers', 'body', 'as', 'timeoutMs']) }))),
    network: Object.freeze({
      observe: async (host: string, handler: (response: ObservedResponse) => unknown) => {
        if (!isFunction(handler)) throw new TypeError('rmx.network.observe(host, handler): handler must be a function');
        const listener = `rmx-observe:${++observers}`;
        events.onEvent(listener, (e) => {
          if (e.type !== 'network' || typeof e.value !== 'string') return;
          let raw: unknown;
          try {
            raw = JSON.parse(e.value);
          } catch {
            return;
          }
          const parsed = ObservedResponse.safeParse(raw);
          if (parsed.success) run(handler, Object.freeze(parsed.data));
        });
        try {
          await bridge.call('networkObserve', { host, listener });
        } catch (e) {
          events.offEvent(listener);
          throw e;
        }
        return Object.freeze({
          stop: async () => {
            events.offEvent(listener);
            await bridge.call('networkStop', { listener });
          },
        });
      },
    }),
  };
}
