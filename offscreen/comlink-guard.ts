// Context: offscreen document. Stands between a sandbox's port and Comlink. Comlink's expose() would
// walk any property path a message names (GET, SET, CONSTRUCT, `__proto__`…), so a sandbox that got hold
// of its own port could read or pollute this realm's prototypes; only a call of one named host method
// with plain (structured-clone) arguments gets through. Trusts nothing the port carries; its budgets are
// port-guard.ts's, which every message passes first.
import type { Endpoint } from 'comlink';
import type { GuardedPort } from './port-guard';

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
}

/** The endpoint Comlink's expose() listens on: the guarded port's admitted messages, and of those only the admissible calls. */
export function guardedEndpoint(port: GuardedPort, methods: readonly string[], events: GuardEvents): Endpoint {
  const stops = new Map<EventListenerOrEventListenerObject, () => void>();
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) => port.post(message, transfer),
    addEventListener(type: string, listener: EventListenerOrEventListenerObject) {
      if (type !== 'message' || stops.has(listener)) return;
      const stop = port.listen((data, ports) => {
        if (!admissible(data, ports, methods)) {
          events.onDropped();
          return;
        }
        // Comlink reads only `data`: the event it gets is a plain object, never the port's own event.
        const ev = { data } as MessageEvent;
        if (typeof listener === 'function') listener(ev);
        else listener.handleEvent(ev);
      });
      stops.set(listener, stop);
    },
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject) {
      if (type !== 'message') return;
      stops.get(listener)?.();
      stops.delete(listener);
    },
  };
}
