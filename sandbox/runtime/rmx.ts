// Context: remixlet runtime (dedicated worker). The `rmx` global: runtime helpers and extension services;
// privileged calls are checked by the worker against the approved manifest, not here.
import { API_VERSION } from '../../contracts/remixlet';
import type { Bridge } from './bridge';
import type { EventRouter } from './events';
import { createKeep } from './keep';

export function formatLogArgs(args: unknown[]): string {
  return args
    .map((a) => {
      if (typeof a === 'string') return a;
      if (a instanceof Error) return `${a.name}: ${a.message}`;
      try {
        return JSON.stringify(a);
      } catch {
        return String(a);
      }
    })
    .join(' ')
    .slice(0, 4_000);
}

export function createRmx(bridge: Bridge, events: EventRouter, page: { url: string; title: string }, nextFrame: (fn: () => void) => void) {
  const log = (level: 'info' | 'warn' | 'error', message: string) => bridge.call('log', { level, message }).catch(() => undefined);
  const storage = (input: unknown) => bridge.call('storage', input);
  const keep = createKeep(events, () => bridge.dom({ op: 'watch' }), log, nextFrame);
  const rmx = {
    version: API_VERSION,
    get page() {
      return Object.freeze({ url: events.pageUrl, title: page.title });
    },
    log: (...args: unknown[]) => log('info', formatLogArgs(args)),
    warn: (...args: unknown[]) => log('warn', formatLogArgs(args)),
    error: (...args: unknown[]) => log('error', formatLogArgs(args)),
    keep,
    storage: Object.freeze({
      get: (key: string) => storage({ action: 'get', key }),
      set: (key: string, value: unknown) => storage({ action: 'set', key, value }).then(() => undefined),
      remove: (key: string) => storage({ action: 'remove', key }).then(() => undefined),
      keys: () => storage({ action: 'keys' }) as Promise<string[]>,
    }),
  };
  return Object.freeze(rmx);
}
