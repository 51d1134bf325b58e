// Context: background service worker. Says that what is stored about remixlets or paused sites changed: a
// remixlet saved, switched, archived, restored or deleted, or a site paused or resumed. The store's own
// writes announce it (remixlets.ts, settings.ts), so no handler has to remember to, and the UI's `changes`
// subscription passes it on to open pages, which read again. Carries no data and trusts nothing.
type Listener = () => void;
const listeners = new Set<Listener>();

export function onStoreChanged(fn: Listener): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

/** Called by the store after each write; one listener that throws does not keep the others from hearing. */
export function storeChanged(): void {
  for (const fn of [...listeners]) {
    try {
      fn();
    } catch {
      // A subscriber's own failure is its own; the store's write has already happened.
    }
  }
}
