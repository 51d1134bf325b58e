// Context: remixlet runtime (dedicated worker). rmx.network.observe, the networkObserve service (its stop()
// calls networkStop): what the page itself receives from a host, delivered as events to this sandbox. It
// comes from the page's own world: each response is parsed here before the handler sees it, and anything
// else is dropped.
import { ObservedResponse } from '../../../contracts/boundaries/service-answers';
import { isFunction, type ServiceKit } from './kit';

export function network({ bridge, events, run }: ServiceKit) {
  let observers = 0;
  return Object.freeze({
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
  });
}
