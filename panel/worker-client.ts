// Context: extension UI pages (side panel, popup, manager). Their one connection to the worker; inputs and
// outputs are parsed on this side too.
import { createTRPCProxyClient } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { chromeLink } from 'trpc-chrome/link';
import { checkedClient, type ClientOf } from '../contracts/rpc';
import { uiSpec, type UiSpec } from '../contracts/boundaries/panel-worker';

let client: ClientOf<UiSpec> | undefined;

export function worker(): ClientOf<UiSpec> {
  if (!client) {
    const port = chrome.runtime.connect({ name: 'ui' });
    port.onDisconnect.addListener(() => {
      client = undefined;
    });
    const raw = createTRPCProxyClient<AnyRouter>({ links: [chromeLink({ port })] }) as unknown as { ui: unknown };
    client = checkedClient(uiSpec, raw.ui);
  }
  return client;
}
