// Context: offscreen document. Stands between a sandbox's port and Comlink. Comlink's expose() would
// walk any property path a message names (GET, SET, CONSTRUCT, `__proto__`…), so a sandbox that got hold
// of its own port could read or pollute this realm's prototypes; only a call of one named host method
// with plain (structured-clone) arguments gets through. Trusts nothing the port carries. A port that
// floods is reported, so the sandbox can be torn down instead of stalling every other one.
import type { Endpoint } from 'comlink';
import { RateWindow } from '../contracts/rate-window';

/** Well above what the runtime ever sends (it paces itself to 200 a second); only a hijacked port gets here. */
export const FLOOD_MESSAGES_PER_SECOND = 2_000;

export function admissible(data: unknown, ports: readonly MessagePort[], methods: readonly string[]): boolean {
  if (ports.length !== 0 || typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  if (Object.getPrototypeOf(data) !== Object.prototype) return false;
  const m = data as Record<string, unknown>;
  const keys = Object.keys(m).sort();
  if (keys.join(',') !== 'argumentList,id,path,type') return false;
  if (m.type !== 'APPLY' || typeof m.id !== 'string' || m.id.length > 100) return false;
  const path = m.path;
  if (!Array.isArray(path) || path.length !== 1 || typeof path[0] !== 'string' || !methods.includes(path[0])) return false;
  const args = m.argumentList;
  if (!Array.isArray(args) || args.length > 1) return false;
  return args.every((a: unknown) => {
    if (typeof a !== 'object' || a === null) return false;
    const wire = a as Record<string, unknown>;
    return Object.keys(wire).sort().join(',') === 'type,value' && wire.type === 'RAW';
  });
}

export interface GuardEvents {
  onDropped(): void;
  onFlood(): void;
}

export function guardedEndpoint(port: MessagePort, methods: readonly string[], events: GuardEvents): Endpoint {
  const rate = new RateWindow(FLOOD_MESSAGES_PER_SECOND);
  let flooded = false;
  const wrapped = new Map<EventListenerOrEventListenerObject, (ev: MessageEvent) => void>();
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) => port.postMessage(message, transfer ?? []),
    addEventListener(type: string, listener: EventListenerOrEventListenerObject) {
      if (type !== 'message') return;
      const filtered = (ev: MessageEvent) => {
        if (flooded) return;
        if (!rate.count()) {
          flooded = true;
          events.onFlood();
          return;
        }
        if (!admissible(ev.data, ev.ports, methods)) {
          events.onDropped();
          return;
        }
        if (typeof listener === 'function') listener(ev);
        else listener.handleEvent(ev);
      };
      wrapped.set(listener, filtered);
      port.addEventListener('message', filtered);
    },
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject) {
      const filtered = wrapped.get(listener);
      if (type === 'message' && filtered) port.removeEventListener('message', filtered);
    },
    start: () => port.start(),
  };
}
