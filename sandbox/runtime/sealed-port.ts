// Context: remixlet runtime (dedicated worker); evaluated before lockdown and before any remixlet code,
// which later shares this realm and may replace any prototype's methods. Trusts nothing in the realm after
// this module ran: the runtime's ports are used only through the natives taken here, called through a
// Reflect.apply taken here, so a hooked MessagePort.prototype.postMessage, EventTarget listener method or
// MessageEvent data getter never sees a port or one of its events (the events port carries the heartbeat
// and the page's events; whoever held it could flood it or forge them).
import type { Endpoint } from 'comlink';

const apply = Reflect.apply;
const freeze = Object.freeze;
const portPost = MessagePort.prototype.postMessage;
const portStart = MessagePort.prototype.start;
const addListener = EventTarget.prototype.addEventListener;
const dataOf = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data')!.get!;

type Listener = (data: unknown) => void;

export interface SealedPort {
  post(message: unknown, transfer?: Transferable[]): void;
  /** Calls fn with each message's data (read with the native getter; the event stays here). Returns its removal. */
  listen(fn: Listener): () => void;
}

/** Seals a port the runtime received in its boot message: from here on it is reached only through this. */
export function sealPort(port: MessagePort): SealedPort {
  // Indexed, never iterated: a replaced Array iterator must not stop the heartbeat's listener.
  let listeners: Listener[] = [];
  apply(addListener, port, [
    'message',
    (ev: MessageEvent) => {
      const data: unknown = apply(dataOf, ev, []);
      const now = listeners;
      for (let i = 0; i < now.length; i++) now[i]!(data);
    },
  ]);
  apply(portStart, port, []);
  return freeze({
    post(message: unknown, transfer?: Transferable[]) {
      apply(portPost, port, transfer ? [message, transfer] : [message]);
    },
    listen(fn: Listener) {
      const grown: Listener[] = [];
      for (let i = 0; i < listeners.length; i++) grown[i] = listeners[i]!;
      grown[grown.length] = fn;
      listeners = grown;
      return () => {
        const kept: Listener[] = [];
        for (let i = 0; i < listeners.length; i++) if (listeners[i] !== fn) kept[kept.length] = listeners[i]!;
        listeners = kept;
      };
    },
  });
}

/**
 * What Comlink's wrap() gets in place of the rpc port. Comlink keeps its endpoint in realm builtins
 * (WeakMap, FinalizationRegistry) that remixlet code can hook, so this object may fall into its hands: all
 * it then reaches is what it could already send (the offscreen guard treats the rpc port as hostile), and
 * never the port or the events port.
 */
export function comlinkEndpoint(port: SealedPort): Endpoint {
  const removals = new Map<EventListenerOrEventListenerObject, () => void>();
  return freeze({
    postMessage: (message: unknown, transfer?: Transferable[]) => port.post(message, transfer),
    addEventListener(type: string, listener: EventListenerOrEventListenerObject) {
      if (type !== 'message' || removals.has(listener)) return;
      removals.set(
        listener,
        port.listen((data) => {
          const ev = freeze({ data }) as unknown as MessageEvent;
          if (typeof listener === 'function') listener(ev);
          else listener.handleEvent(ev);
        }),
      );
    },
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject) {
      if (type !== 'message') return;
      removals.get(listener)?.();
      removals.delete(listener);
    },
  });
}
