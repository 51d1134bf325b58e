// Context: extension UI pages (side panel, popup, manager). Their one connection to the worker; inputs and
// outputs are parsed on this side too.
import { createTRPCProxyClient } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { chromeLink } from 'trpc-chrome/link';
import { checkedClient, type ClientOf } from '../contracts/rpc';
import { uiSpec, type UiSpec } from '../contracts/boundaries/panel-worker';

let client: ClientOf<UiSpec> | undefined;
const portDropped = new Set<() => void>();

export function worker(): ClientOf<UiSpec> {
  if (!client) {
    const port = chrome.runtime.connect({ name: 'ui' });
    port.onDisconnect.addListener(() => {
      client = undefined;
      for (const fn of [...portDropped]) fn();
    });
    const raw = createTRPCProxyClient<AnyRouter>({ links: [chromeLink({ port })] }) as unknown as { ui: unknown };
    client = checkedClient(uiSpec, raw.ui);
  }
  return client;
}

/**
 * A subscription that outlives the worker: Chrome stops an idle service worker, which drops the port and
 * every subscription on it, while the panel stays open. Whatever the worker announces after it starts
 * again (a chat stopped because its tab closed, a card that expired) must still reach the person, so the
 * subscription is opened again on a new port; the worker's subscriptions send their current state first.
 */
export function liveSubscription(open: (client: ClientOf<UiSpec>) => { unsubscribe(): void }): { unsubscribe(): void } {
  let closed = false;
  let current = open(worker());
  const reopen = () => {
    // The drop is seen before the worker is gone for good; a moment later a new port wakes it.
    setTimeout(() => {
      if (closed) return;
      current.unsubscribe();
      current = open(worker());
    }, 100);
  };
  portDropped.add(reopen);
  return {
    unsubscribe() {
      closed = true;
      portDropped.delete(reopen);
      current.unsubscribe();
    },
  };
}
