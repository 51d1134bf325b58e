// Context: shared (no chrome API; it is handed the port): the worker serves its router on each port it
// admitted (worker/ports/connections.ts), the page agent on the one port the worker opened to its document
// (page-agent/port-server.ts). Trusts only what the caller admitted: every input is still parsed by the
// procedures' own schemas.
// The server half of trpc-chrome's wire format, for one port at a time. trpc-chrome's createChromeHandler
// serves every port chrome.runtime.onConnect hears, with no say in which: the worker had to patch each port's
// onMessage.addListener to keep malformed or refused messages from it, and the page agent (whose port comes
// from chrome.tabs.connect, and whose tools' router loads on first use) had a copy of its handler. This is
// that handler once, written to the library's own format (`{ trpc: { id, jsonrpc, method, params } }`
// in, `{ trpc: { id, jsonrpc, result | error } }` out) and tested against its client link
// (tests/unit/contracts/trpc-port-server.test.ts). Two things it does that the library's does not: an
// answer the port cannot carry is replaced by a typed refusal (so no caller waits for ever), and a path the
// main router does not have may be served by a router loaded then.
import { TRPCError } from '@trpc/server';
import { isObservable, type Unsubscribable } from '@trpc/server/observable';
import { RemixletRefusal } from './refusals';

/** The part of a chrome.runtime.Port this uses. */
export interface ServedPort {
  postMessage(message: unknown): void;
  onDisconnect: { addListener(callback: () => void): void };
}

/** The part of a tRPC v10 router this uses. */
export interface ServedRouter {
  _def: { procedures: Record<string, unknown>; _config: { transformer: { input: { deserialize(v: unknown): unknown }; output: { serialize(v: unknown): unknown } } } };
  createCaller(ctx: object): unknown;
  getErrorShape(opts: { error: TRPCError; type: string; path: string | undefined; input: unknown; ctx: object }): unknown;
}

export interface PortServerOptions {
  /** The router that serves a path: the main one, or (for a path it does not have) one loaded on first use. */
  routerFor(path: string | undefined): ServedRouter | Promise<ServedRouter>;
  /** The context every procedure on this port gets (who the port is, from what the browser filled in). */
  context: object;
}

type Message = { trpc?: { id?: unknown; jsonrpc?: unknown; method?: unknown; params?: { path?: unknown; input?: unknown } } };

function errorOf(cause: unknown): TRPCError {
  if (cause instanceof Error && cause.name === 'TRPCError') return cause as TRPCError;
  const error = new TRPCError({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR', cause: cause instanceof Error ? cause : undefined });
  if (cause instanceof Error && cause.stack) error.stack = cause.stack;
  return error;
}

/** Whether a router serves this (dotted) path. */
export function serves(router: ServedRouter, path: string): boolean {
  return Object.hasOwn(router._def.procedures, path);
}

/** Answers every request on this port until it disconnects; returns the handler for each message the caller admits. */
export function servePort(port: ServedPort, { routerFor, context }: PortServerOptions): (message: unknown) => Promise<void> {
  const subscriptions = new Map<unknown, Unsubscribable>();
  const callers = new Map<ServedRouter, unknown>();
  const callerOf = (r: ServedRouter) => {
    if (!callers.has(r)) callers.set(r, r.createCaller(context));
    return callers.get(r) as Record<string, unknown>;
  };
  port.onDisconnect.addListener(() => {
    for (const s of subscriptions.values()) s.unsubscribe();
    subscriptions.clear();
  });
  return async (raw: unknown) => {
    const trpc = (raw as Message | null)?.trpc;
    if (!trpc || typeof trpc !== 'object' || trpc.id === null || trpc.id === undefined) return;
    const { id, jsonrpc, method } = trpc;
    const path = typeof trpc.params?.path === 'string' ? trpc.params.path : undefined;
    let router: ServedRouter | undefined;
    let input: unknown = trpc.params?.input;
    const shapeOf = (cause: unknown, r: ServedRouter) => r.getErrorShape({ error: errorOf(cause), type: String(method), path, input, ctx: context });
    const send = (response: object, r: ServedRouter | undefined) => {
      try {
        port.postMessage({ trpc: { id, jsonrpc, ...response } });
      } catch (e) {
        // The port closed while this request ran (nobody is waiting), or the answer could not be sent (larger
        // than a port message may be): the caller still gets an answer, a refusal that says so.
        if (!r) return;
        const refusal = new RemixletRefusal('READ_TOO_LARGE', `The answer could not be sent back (${e instanceof Error ? e.message.slice(0, 200) : 'unknown'}); ask for less at once.`);
        try {
          port.postMessage({ trpc: { id, jsonrpc, error: shapeOf(refusal, r) } });
        } catch {
          // Closed: nobody is waiting for the answer.
        }
      }
    };
    try {
      router = await routerFor(path);
      if (method === 'subscription.stop') {
        const s = subscriptions.get(id);
        if (s) {
          s.unsubscribe();
          send({ result: { type: 'stopped' } }, router);
        }
        subscriptions.delete(id);
        return;
      }
      const { transformer } = router._def._config;
      input = transformer.input.deserialize(input);
      // The caller is nested by the path's segments ('ui.save' is caller.ui.save), as the library reads it.
      const proc = path !== undefined && serves(router, path) ? path.split('.').reduce<unknown>((at, segment) => (at as Record<string, unknown>)[segment], callerOf(router)) : undefined;
      if (typeof proc !== 'function') throw new TRPCError({ code: 'NOT_FOUND', message: `No "${String(method)}" procedure on path "${String(path)}"` });
      const result: unknown = await (proc as (input: unknown) => Promise<unknown>)(input);
      if (method !== 'subscription') {
        send({ result: { type: 'data', data: transformer.output.serialize(result) } }, router);
        return;
      }
      if (!isObservable(result)) throw new TRPCError({ message: `Subscription ${path} did not return an observable`, code: 'INTERNAL_SERVER_ERROR' });
      if (subscriptions.has(id)) throw new TRPCError({ message: `Duplicate id ${String(id)}`, code: 'BAD_REQUEST' });
      const served = router;
      const subscription = result.subscribe({
        next: (data) => send({ result: { type: 'data', data: transformer.output.serialize(data) } }, served),
        error: (cause) => send({ error: shapeOf(cause, served) }, served),
        complete: () => send({ result: { type: 'stopped' } }, served),
      });
      subscriptions.set(id, subscription);
      send({ result: { type: 'started' } }, router);
    } catch (cause) {
      const r = router ?? (await Promise.resolve(routerFor(undefined)).catch(() => undefined));
      if (r) send({ error: shapeOf(cause, r) }, r);
    }
  };
}
