// Context: extension UI pages (popup, manager). Reads again whenever the worker says stored remixlets or
// paused sites changed, wherever the change was made (the side panel's approval, the popup's switch,
// another manager tab). Trusts the worker's event only as a cue: what is shown is read again from the worker.
import { onCleanup } from 'solid-js';
import { liveSubscription } from './worker-client';

/** Calls `refresh` once the subscription starts and after every change, until the calling component is disposed. */
export function followStoreChanges(refresh: () => void): void {
  // A failed subscription leaves the page as it was: the manager still reads again when it is shown.
  const sub = liveSubscription((w) => w.changes({}, { onData: () => refresh(), onError: () => undefined }));
  onCleanup(() => sub.unsubscribe());
}
