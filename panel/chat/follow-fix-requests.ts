// Context: side panel. Takes the "Fix it" requests the worker holds for the panel's tab (from the popup or
// the manager) and starts each fix once the chat has read back what it held. Trusts the worker's event
// for a remixlet id only; the chat asks the worker for everything else through its bound procedures.
import { liveSubscription } from '../worker-client';
import type { Chat } from './controller';

/** Until the returned subscription is ended (when the panel goes). */
export function followFixRequests(tabId: number, chat: Chat, restored: Promise<unknown>): { unsubscribe(): void } {
  return liveSubscription((w) =>
    w.fixRequests({ tabId }, { onData: ({ remixletId }) => void restored.then(() => chat.fix(remixletId)), onError: () => undefined }),
  );
}
