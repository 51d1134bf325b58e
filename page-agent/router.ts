// Context: page agent. The router the worker calls over the port it opened to this document. The scope
// of each call (which remixlet, its sites and hosts) comes from the worker's records.
import { routerFromSpec } from '../contracts/trpc-server';
import { pageAgentSpec, type PageAgentSpec } from '../contracts/boundaries/worker-page-agent';
import type { HandlersOf } from '../contracts/rpc';
import { t } from './trpc';
import { execBatch } from './exec';
import { dropTable } from './handles';
import { subscriptions } from './subscriptions';

const handlers: HandlersOf<PageAgentSpec, object> = {
  exec: ({ input }) => execBatch(input.remixlet, input.ops),
  insertStyle: () => ({ inserted: false }),
  release: ({ input }) => {
    subscriptions.removeAll(input.remixletId);
    dropTable(input.remixletId);
    return { released: true };
  },
  status: () => ({ url: location.href, title: document.title, readyState: document.readyState }),
  events: () => (emit) => subscriptions.sink(emit),
};

export const pageAgentRouter = routerFromSpec(t, pageAgentSpec, () => t.procedure, handlers);
