// Context: remixlet runtime (dedicated worker). The rmx services' members, one file per service
// (contracts/capabilities/rmx-services.ts declares each). Each is a call through the bridge that the
// offscreen host parses and the worker checks against the approved manifest; nothing is decided here.
import type { Bridge } from '../bridge';
import type { EventRouter } from '../events';
import type { Fn, ServiceKit } from './kit';
import { storage } from './storage';
import { clipboard } from './clipboard';
import { notify } from './notify';
import { menu } from './menu';
import { schedule, unschedule } from './schedule';
import { messages } from './messages';
import { fetch } from './fetch';
import { network } from './networkObserve';

export function createServices(bridge: Bridge, events: EventRouter, onHandlerError: (e: unknown) => void) {
  const run = (handler: Fn, ...args: unknown[]) => {
    try {
      const result = (handler as (...a: unknown[]) => unknown)(...args);
      if (result instanceof Promise) result.catch(onHandlerError);
    } catch (e) {
      onHandlerError(e);
    }
  };
  const kit: ServiceKit = { bridge, events, run };
  return {
    storage: storage(kit),
    clipboard: clipboard(kit),
    notify: notify(kit),
    menu: menu(kit),
    schedule: schedule(kit),
    unschedule: unschedule(kit),
    messages: messages(kit),
    fetch: fetch(kit),
    network: network(kit),
  };
}
