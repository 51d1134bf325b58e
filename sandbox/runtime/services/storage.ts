// Context: remixlet runtime (dedicated worker). rmx.storage: the storage service's members (the worker keeps
// the values, per remixlet, with the storage permission).
import type { ServiceKit } from './kit';

export function storage({ bridge }: ServiceKit) {
  const call = (input: unknown) => bridge.call('storage', input);
  return Object.freeze({
    get: (key: string) => call({ action: 'get', key }),
    set: (key: string, value: unknown) => call({ action: 'set', key, value }).then(() => undefined),
    remove: (key: string) => call({ action: 'remove', key }).then(() => undefined),
    keys: () => call({ action: 'keys' }) as Promise<string[]>,
  });
}
