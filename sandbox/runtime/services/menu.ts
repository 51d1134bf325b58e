// Context: remixlet runtime (dedicated worker). rmx.menu: an entry in the page's context menu; its click
// comes back as an event to this sandbox, and runs the handler here.
import { menuListener } from '../../../contracts/boundaries/service-answers';
import { isFunction, pick, type ServiceKit } from './kit';

export function menu({ bridge, events, run }: ServiceKit) {
  return Object.freeze({
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
  });
}
