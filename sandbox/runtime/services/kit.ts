// Context: remixlet runtime (dedicated worker). What every rmx service's member is built with: the bridge
// its calls cross, the events its listeners hear, and the helpers they share. Trusts nothing a remixlet
// hands it: arguments are picked by name, and handlers' errors go to the log.
import type { Bridge } from '../bridge';
import type { EventRouter } from '../events';

export type Fn = (...args: never[]) => unknown;

export interface ServiceKit {
  bridge: Bridge;
  events: EventRouter;
  /** Runs a remixlet's handler; what it throws, at once or later, goes to the log as uncaught. */
  run(handler: Fn, ...args: unknown[]): void;
}

export const isFunction = (f: unknown): f is Fn => typeof f === 'function';

/** Only the named fields of what remixlet code passed: the call's schema refuses the rest where it arrives. */
export const pick = (source: unknown, keys: readonly string[]): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  if (source && typeof source === 'object') for (const k of keys) if ((source as Record<string, unknown>)[k] !== undefined) out[k] = (source as Record<string, unknown>)[k];
  return out;
};
