// Context: page agent. The router the worker calls over the port it opened to this document. The scope
// of each call (which remixlet, its sites and hosts) comes from the worker's records. Trusts only that port,
// which main.ts admits by its browser-filled sender.
import { routerFromSpec } from '../contracts/trpc-server';
import { styleShadowRules } from './style-shadow';
import { pageAgentCoreSpec, type PageAgentCoreSpec } from '../contracts/boundaries/worker-page-agent-core';
import type { HandlersOf } from '../contracts/rpc';
import { t } from './trpc';
import { receiveBatch } from './exec';
import { subscriptions } from './subscriptions';
import { releaseRemixlet } from './release';
import { joinChangeReports } from './reports';

const handlers: HandlersOf<PageAgentCoreSpec, object> = {
  exec: ({ input }) => receiveBatch(input.remixlet, input.ops),
  // style.css is inserted by the worker (chrome.scripting.insertCSS, after worker/pages/style-insertion.ts), which
  // the page's CSP cannot block and the page cannot remove; only its `>>>` rules, which no document sheet
  // can apply, come here to be adopted into shadow roots.
  insertStyle: ({ input }) => ({ inserted: styleShadowRules(input.remixletId, input.css) }),
  release: ({ input }) => {
    releaseRemixlet(input.remixletId);
    return { released: true };
  },
  status: () => ({ url: location.href, title: document.title, readyState: document.readyState }),
  events: () => (emit) => {
    const send = joinChangeReports(emit, () => subscriptions.holders('watch'));
    const stop = subscriptions.sink(send);
    // The hello told the worker the ready state when this agent was injected, before this stream existed; a
    // change since then (a fast page reaching interactive while the router was built) would be lost.
    queueMicrotask(() => send({ kind: 'lifecycle', readyState: document.readyState }));
    return stop;
  },
};

/** The page agent's own procedures; the agent's reads and clicks are in tools/router.ts, built on first use. */
export const pageAgentRouter = routerFromSpec(t, pageAgentCoreSpec, () => t.procedure, handlers);
