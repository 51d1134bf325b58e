// Context: background service worker. A port this side opened and may close itself. Chrome fires a port's
// onDisconnect only on the other side, so a tRPC client over it (trpc-chrome's chromeLink, which fails its
// calls in flight when onDisconnect fires) would wait for ever on answers that cannot come once this side
// closed it: the calls of a page the worker let go (a reload brought the next document's page agent).
// close() disconnects and then tells this side's own listeners, once. Trusts nothing; it only forwards.

export interface OwnedPort {
  /** What a client link is given: the port's messages, and a disconnect this side's close() reports too. */
  readonly port: chrome.runtime.Port;
  close(): void;
}

type DisconnectListener = (port: chrome.runtime.Port) => void;

export function ownedPort(port: chrome.runtime.Port): OwnedPort {
  const listeners = new Set<DisconnectListener>();
  let closed = false;
  const onDisconnect = {
    addListener(fn: DisconnectListener) {
      listeners.add(fn);
      port.onDisconnect.addListener(fn);
    },
    removeListener(fn: DisconnectListener) {
      listeners.delete(fn);
      port.onDisconnect.removeListener(fn);
    },
    hasListener: (fn: DisconnectListener) => listeners.has(fn),
    hasListeners: () => listeners.size > 0,
  };
  const close = () => {
    if (closed) return;
    closed = true;
    try {
      port.disconnect();
    } catch {
      // Already gone.
    }
    for (const fn of [...listeners]) {
      try {
        fn(port);
      } catch {
        // One listener's failure is its own.
      }
    }
  };
  // The other side's disconnect reaches the listeners through the port itself; close() after it does nothing more.
  port.onDisconnect.addListener(() => {
    closed = true;
  });
  const wrapped = {
    name: port.name,
    sender: port.sender,
    postMessage: (message: unknown) => port.postMessage(message),
    disconnect: close,
    onMessage: port.onMessage,
    onDisconnect,
  } as unknown as chrome.runtime.Port;
  return { port: wrapped, close };
}
