// The one port server (contracts/trpc-port-server.ts) against trpc-chrome itself: its own client link calls
// through a pair of ports, and every answer is the one the library's own handler gives for the same request
// (queries on nested paths, mutations, errors, unknown paths, subscriptions and their stop). Beyond the
// library: an answer the port cannot carry becomes a typed refusal, and a path the main router lacks can be
// served by a router loaded then.
import { initTRPC, TRPCError } from '@trpc/server';
import { observable } from '@trpc/server/observable';
import { createTRPCProxyClient } from '@trpc/client';
import { chromeLink } from 'trpc-chrome/link';
import { createChromeHandler } from 'trpc-chrome/adapter';
import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { servePort, serves, type ServedRouter } from '../../../contracts/trpc-port-server';
import { formatRefusal } from '../../../contracts/trpc-errors';

type Listener = (...args: unknown[]) => void;
function event() {
  const listeners = new Set<Listener>();
  return { addListener: (fn: Listener) => listeners.add(fn), removeListener: (fn: Listener) => listeners.delete(fn), hasListener: (fn: Listener) => listeners.has(fn), fire: (...args: unknown[]) => [...listeners].forEach((fn) => fn(...args)) };
}

/** Two ends of a port, as Chrome connects them: a message posted on one arrives, copied, at the other's listeners a task later. */
function portPair(refuseLargerThan = Infinity) {
  const make = () => ({ name: 'test', onMessage: event(), onDisconnect: event(), postMessage: (_m: unknown) => undefined, disconnect: () => undefined });
  const a = make();
  const b = make();
  const sent: unknown[] = [];
  const wire = (from: ReturnType<typeof make>, to: ReturnType<typeof make>, log: boolean) => {
    from.postMessage = (m: unknown) => {
      const text = JSON.stringify(m);
      if (text.length > refuseLargerThan) throw new Error('Message length exceeded maximum allowed length.');
      if (log) sent.push(JSON.parse(text));
      setTimeout(() => to.onMessage.fire(JSON.parse(text), to), 0);
    };
    from.disconnect = () => {
      to.onDisconnect.fire(to);
    };
  };
  wire(a, b, false);
  wire(b, a, true);
  return { client: a as unknown as chrome.runtime.Port, server: b as unknown as chrome.runtime.Port, sentByServer: sent };
}

const t = initTRPC.context<{ who?: string }>().create({ isServer: true, errorFormatter: formatRefusal });
const router = t.router({
  ui: t.router({
    hello: t.procedure.input(z.string()).query(({ input, ctx }) => `hello ${input} from ${ctx.who ?? 'nobody'}`),
    fail: t.procedure.input(z.object({ n: z.number() }).strict()).mutation(() => {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'no' });
    }),
  }),
  big: t.procedure.query(() => 'x'.repeat(5_000)),
  count: t.procedure.input(z.number()).subscription(({ input }) =>
    observable<number>((emit) => {
      for (let i = 0; i < input; i++) emit.next(i);
      emit.complete();
      return () => undefined;
    }),
  ),
});
type Api = {
  ui: { hello: { query(s: string): Promise<string> }; fail: { mutate(i: unknown): Promise<unknown> } };
  big: { query(): Promise<string> };
  count: { subscribe(n: number, o: { onData(d: number): void; onComplete(): void; onError(e: unknown): void }): { unsubscribe(): void } };
};
const clientOf = (port: chrome.runtime.Port) => createTRPCProxyClient<never>({ links: [chromeLink({ port })] }) as unknown as Api;
const served = router as unknown as ServedRouter;

/** The same requests through the library's own handler, on a port its stubbed chrome.runtime.onConnect hands it. */
function libraryServed(ctx: { who?: string }) {
  const pair = portPair();
  const onConnect = event();
  vi.stubGlobal('chrome', { runtime: { onConnect } });
  createChromeHandler({ router, createContext: () => ctx, onError: () => undefined });
  onConnect.fire(pair.server);
  return pair;
}
afterEach(() => vi.unstubAllGlobals());

/** What the server side sent, with error stacks left out (they differ by the line that threw). */
const wire = (sent: unknown[]) => JSON.parse(JSON.stringify(sent, (k, v) => (k === 'stack' ? undefined : v))) as unknown;

async function exercise(client: Api): Promise<unknown[]> {
  const out: unknown[] = [];
  out.push(await client.ui.hello.query('you'));
  out.push(await client.ui.fail.mutate({ n: 1 }).catch((e: { message: string; data?: { code?: string } }) => [e.message, e.data?.code]));
  out.push(await client.ui.fail.mutate({ n: 'x' }).catch((e: { data?: { code?: string } }) => e.data?.code));
  out.push(
    await new Promise((resolve, reject) => {
      const got: number[] = [];
      client.count.subscribe(3, { onData: (d) => got.push(d), onComplete: () => resolve(got), onError: reject });
    }),
  );
  return out;
}

describe('servePort', () => {
  it("answers trpc-chrome's own client as the library's handler does, byte for byte", async () => {
    const ours = portPair();
    const handle = servePort(ours.server, { routerFor: () => served, context: { who: 'the worker' } });
    ours.server.onMessage.addListener((m: unknown) => void handle(m));
    const theirs = libraryServed({ who: 'the worker' });

    const answers = await exercise(clientOf(ours.client));
    expect(answers).toEqual(['hello you from the worker', [expect.stringMatching(/\bno$/), 'BAD_REQUEST'], 'BAD_REQUEST', [0, 1, 2]]);
    expect(await exercise(clientOf(theirs.client))).toEqual(answers);
    // The client's last message (the finished subscription's stop) is still on its way to each server: let it land.
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(wire(ours.sentByServer)).toEqual(wire(theirs.sentByServer));
  });

  it('answers a path no router serves with NOT_FOUND (the library fails inside its own code: INTERNAL_SERVER_ERROR)', async () => {
    const ours = portPair();
    const handle = servePort(ours.server, { routerFor: () => served, context: {} });
    ours.server.onMessage.addListener((m: unknown) => void handle(m));
    const nothing = (c: Api) => (c as unknown as { nothing: { query(): Promise<unknown> } }).nothing.query().catch((e: { data?: { code?: string } }) => e.data?.code);
    expect(await nothing(clientOf(ours.client))).toBe('NOT_FOUND');
    expect(await nothing(clientOf(libraryServed({}).client))).toBe('INTERNAL_SERVER_ERROR');
  });

  it('answers an answer too large for the port with a typed refusal, where the library would leave the caller waiting', async () => {
    const ours = portPair(2_000);
    const handle = servePort(ours.server, { routerFor: () => served, context: {} });
    ours.server.onMessage.addListener((m: unknown) => void handle(m));
    const error = (await clientOf(ours.client).big.query().catch((e: unknown) => e)) as { data?: { refusal?: { code: string } } };
    expect(error.data?.refusal?.code).toBe('READ_TOO_LARGE');
  });

  it('serves a path the main router lacks from a router loaded on first use, once', async () => {
    const small = t.router({ ping: t.procedure.query(() => 'pong') });
    const load = vi.fn(async () => served);
    const ours = portPair();
    const main = small as unknown as ServedRouter;
    const handle = servePort(ours.server, { routerFor: (path) => (path === undefined || serves(main, path) ? main : load()), context: {} });
    ours.server.onMessage.addListener((m: unknown) => void handle(m));
    const client = createTRPCProxyClient<never>({ links: [chromeLink({ port: ours.client })] }) as unknown as { ping: { query(): Promise<string> } } & Api;
    expect(await client.ping.query()).toBe('pong');
    expect(load).not.toHaveBeenCalled();
    expect(await client.ui.hello.query('again')).toBe('hello again from nobody');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stops every subscription of a port when it disconnects', async () => {
    const stopped = vi.fn();
    const endless = t.router({ tick: t.procedure.subscription(() => observable<number>(() => stopped)) });
    const ours = portPair();
    const handle = servePort(ours.server, { routerFor: () => endless as unknown as ServedRouter, context: {} });
    ours.server.onMessage.addListener((m: unknown) => void handle(m));
    const client = createTRPCProxyClient<never>({ links: [chromeLink({ port: ours.client })] }) as unknown as { tick: { subscribe(i: undefined, o: { onStarted(): void }): unknown } };
    await new Promise<void>((resolve) => client.tick.subscribe(undefined, { onStarted: resolve }));
    (ours.server as unknown as { onDisconnect: { fire(): void } }).onDisconnect.fire();
    expect(stopped).toHaveBeenCalledTimes(1);
  });
});
