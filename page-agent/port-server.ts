// Context: page agent. Serves the page agent's tRPC routers (its own, and the agent's, loaded on first use)
// on one port the worker opened to this document,
// with trpc-chrome's wire format (the worker's chromeLink is unchanged). main.ts admits the port (its
// browser-filled sender) before it gets here; messages that arrived while the router was being built are
// held by main.ts and handed over in order. Trusts only that admission: every input is parsed by the
// router's procedures as before.
import { TRPCError } from '@trpc/server';
import { isObservable, type Unsubscribable } from '@trpc/server/observable';
import { pageAgentRouter } from './router';
import { RemixletRefusal } from '../contracts/refusals';

type Message = { trpc?: { id?: unknown; jsonrpc?: unknown; method?: unknown; params?: { path?: unknown; input?: unknown } } };

function errorOf(cause: unknown): TRPCError {
  if (cause instanceof Error && cause.name === 'TRPCError') return cause as TRPCError;
  const error = new TRPCError({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR', cause: cause instanceof Error ? cause : undefined });
  if (cause instanceof Error && cause.stack) error.stack = cause.stack;
  return error;
}

type Router = {
  _def: { procedures: Record<string, unknown> };
  createCaller(ctx: object): Record<string, (input: unknown) => Promise<unknown>>;
  getErrorShape(opts: { error: TRPCError; type: string; path: string | undefined; input: unknown; ctx: object }): unknown;
};
const core = pageAgentRouter as unknown as Router;
/** The agent's procedures, loaded on the first path the page agent's own router does not have. */
let agent: Promise<Router> | undefined;
const toolRouter = () => (agent ??= import('./tools/router').then((m) => m.toolRouter as unknown as Router));

/** Answers every request on this port until it disconnects; returns the message handler. */
export function servePort(port: chrome.runtime.Port): (message: unknown) => void {
  const subscriptions = new Map<unknown, Unsubscribable>();
  const callers = new Map<Router, ReturnType<Router['createCaller']>>();
  const callerOf = (r: Router) => {
    let c = callers.get(r);
    if (!c) callers.set(r, (c = r.createCaller({})));
    return c;
  };
  port.onDisconnect.addListener(() => {
    for (const s of subscriptions.values()) s.unsubscribe();
    subscriptions.clear();
  });
  return async (raw: unknown) => {
    const trpc = (raw as Message | null)?.trpc;
    if (!trpc || typeof trpc !== 'object' || trpc.id === null || trpc.id === undefined) return;
    const { id, jsonrpc, method } = trpc;
    const send = (response: object) => {
      try {
        port.postMessage({ trpc: { id, jsonrpc, ...response } });
      } catch (e) {
        // The port closed while this request ran (nobody is waiting), or the answer could not be sent (larger
        // than a port message may be): the caller still gets an answer, a refusal that says so.
        const refusal = new RemixletRefusal('READ_TOO_LARGE', `The page's answer could not be sent back (${e instanceof Error ? e.message.slice(0, 200) : 'unknown'}); ask for less at once.`);
        try {
          port.postMessage({ trpc: { id, jsonrpc, error: core.getErrorShape({ error: errorOf(refusal), type: 'query', path, input: undefined, ctx: {} }) } });
        } catch {
          // Closed: nobody is waiting for the answer.
        }
      }
    };
    const path = typeof trpc.params?.path === 'string' ? trpc.params.path : undefined;
    const input = trpc.params?.input;
    let router = core;
    try {
      if (method === 'subscription.stop') {
        const s = subscriptions.get(id);
        if (s) {
          s.unsubscribe();
          send({ result: { type: 'stopped' } });
        }
        subscriptions.delete(id);
        return;
      }
      if (path !== undefined && !Object.hasOwn(core._def.procedures, path)) router = await toolRouter();
      const proc = path !== undefined && Object.hasOwn(router._def.procedures, path) ? callerOf(router)[path] : undefined;
      if (!proc) throw new TRPCError({ code: 'NOT_FOUND', message: `No "${String(method)}" procedure on path "${String(path)}"` });
      const result = await proc(input);
      if (method !== 'subscription') {
        send({ result: { type: 'data', data: result } });
        return;
      }
      if (!isObservable(result)) throw new TRPCError({ message: `Subscription ${path} did not return an observable`, code: 'INTERNAL_SERVER_ERROR' });
      if (subscriptions.has(id)) throw new TRPCError({ message: `Duplicate id ${String(id)}`, code: 'BAD_REQUEST' });
      const subscription = result.subscribe({
        next: (data) => send({ result: { type: 'data', data } }),
        error: (cause) => send({ error: router.getErrorShape({ error: errorOf(cause), type: 'subscription', path, input, ctx: {} }) }),
        complete: () => send({ result: { type: 'stopped' } }),
      });
      subscriptions.set(id, subscription);
      send({ result: { type: 'started' } });
    } catch (cause) {
      send({ error: router.getErrorShape({ error: errorOf(cause), type: String(method), path, input, ctx: {} }) });
    }
  };
}
