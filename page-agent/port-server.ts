// Context: page agent. Serves the page agent's tRPC router on one port the worker opened to this document,
// with trpc-chrome's wire format (the worker's chromeLink is unchanged). main.ts admits the port (its
// browser-filled sender) before it gets here; messages that arrived while the router was being built are
// held by main.ts and handed over in order. Trusts only that admission: every input is parsed by the
// router's procedures as before.
import { TRPCError } from '@trpc/server';
import { isObservable, type Unsubscribable } from '@trpc/server/observable';
import { pageAgentRouter } from './router';

type Message = { trpc?: { id?: unknown; jsonrpc?: unknown; method?: unknown; params?: { path?: unknown; input?: unknown } } };

function errorOf(cause: unknown): TRPCError {
  if (cause instanceof Error && cause.name === 'TRPCError') return cause as TRPCError;
  const error = new TRPCError({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR', cause: cause instanceof Error ? cause : undefined });
  if (cause instanceof Error && cause.stack) error.stack = cause.stack;
  return error;
}

const router = pageAgentRouter as unknown as {
  _def: { procedures: Record<string, unknown> };
  createCaller(ctx: object): Record<string, (input: unknown) => Promise<unknown>>;
  getErrorShape(opts: { error: TRPCError; type: string; path: string | undefined; input: unknown; ctx: object }): unknown;
};

/** Answers every request on this port until it disconnects; returns the message handler. */
export function servePort(port: chrome.runtime.Port): (message: unknown) => void {
  const subscriptions = new Map<unknown, Unsubscribable>();
  const caller = router.createCaller({});
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
      } catch {
        // The port closed while this request ran; nobody is waiting for the answer.
      }
    };
    const path = typeof trpc.params?.path === 'string' ? trpc.params.path : undefined;
    const input = trpc.params?.input;
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
      const proc = path !== undefined && Object.hasOwn(router._def.procedures, path) ? caller[path] : undefined;
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
