// Context: remixlet runtime (dedicated worker). rmx.schedule and rmx.unschedule: the worker does one fixed
// action later; no code runs then.
import { pick, type ServiceKit } from './kit';

export const schedule =
  ({ bridge }: ServiceKit) =>
  (options: Record<string, unknown>) =>
    bridge.call('schedule', { action: 'set', ...pick(options, ['id', 'at', 'inMinutes', 'everyMinutes', 'notify', 'open', 'message']) }).then(() => undefined);

export const unschedule =
  ({ bridge }: ServiceKit) =>
  (id: string) =>
    bridge.call('schedule', { action: 'cancel', id }).then(() => undefined);
