// Context: remixlet runtime (dedicated worker). rmx.notify: a text notification, its title and message only.
import { pick, type ServiceKit } from './kit';

export const notify =
  ({ bridge }: ServiceKit) =>
  (options: { title: string; message: string }) =>
    bridge.call('notify', pick(options, ['title', 'message'])).then(() => undefined);
