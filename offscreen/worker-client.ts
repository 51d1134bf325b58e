// Context: offscreen document. The offscreen host's connection to the worker. Token injection happens here
// and only here, as a tRPC link: a call names the sandbox it speaks for, and the link attaches that
// sandbox's token before the request leaves. The token never reaches the sandbox.
import { createTRPCProxyClient, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { chromeLink } from 'trpc-chrome/link';
import type { AnyRouter } from '@trpc/server';
import { offscreenSpec, type OffscreenCommand, type OffscreenSpec } from '../contracts/boundaries/offscreen-worker';
import { asRefusal } from '../contracts/trpc-errors';
import { RemixletRefusal } from '../contracts/refusals';
import type { z } from 'zod';

const tokensBySandbox = new Map<string, string>();

export function holdToken(sandboxId: string, token: string): void {
  tokensBySandbox.set(sandboxId, token);
}
export function dropToken(sandboxId: string): void {
  tokensBySandbox.delete(sandboxId);
}
export function heldTokens(): Array<[string, string]> {
  return [...tokensBySandbox];
}

const tokenInjection: TRPCLink<AnyRouter> = () => ({ op, next }) =>
  observable((observer) => {
    const sandboxId = (op.context as { sandboxId?: string }).sandboxId;
    let input = op.input;
    if (sandboxId !== undefined) {
      const token = tokensBySandbox.get(sandboxId);
      if (!token) {
        observer.error(asRefusal(new RemixletRefusal('TOKEN_INVALID', 'This sandbox was torn down.')) as never);
        return () => undefined;
      }
      // The call was parsed where it arrived from its sandbox (sandbox-host.ts); the worker parses it, token
      // included, where it arrives there. Nothing is parsed on the way out.
      input = { ...(op.input as object), token };
    }
    return next({ ...op, input }).subscribe(observer);
  });

type Sendable = Exclude<keyof OffscreenSpec, 'commands' | 'reconcile'>;
type InputWithoutToken<K extends Sendable> = Omit<z.input<OffscreenSpec[K]['input']>, 'token'>;
type Output<K extends Sendable> = z.output<OffscreenSpec[K]['output']>;

export interface WorkerConnection {
  call<K extends Sendable>(sandboxId: string, name: K, input: InputWithoutToken<K>): Promise<Output<K>>;
  reconcile(tokens: string[]): Promise<string[]>;
  commands(onCommand: (cmd: OffscreenCommand) => void, onEnd: () => void): void;
  port: chrome.runtime.Port;
}

export function connectToWorker(): WorkerConnection {
  const port = chrome.runtime.connect({ name: 'offscreen' });
  const raw = createTRPCProxyClient<AnyRouter>({ links: [tokenInjection, chromeLink({ port })] }) as unknown as {
    offscreen: Record<string, { mutate(input: unknown, opts?: { context: object }): Promise<unknown>; subscribe(input: unknown, opts: object): unknown }>;
  };
  return {
    port,
    async call(sandboxId, name, input) {
      try {
        const result = await raw.offscreen[name]!.mutate(input, { context: { sandboxId } });
        return offscreenSpec[name].output.parse(result) as never;
      } catch (e) {
        throw asRefusal(e);
      }
    },
    async reconcile(tokens) {
      const result = offscreenSpec.reconcile.output.parse(await raw.offscreen.reconcile!.mutate({ tokens }));
      return result.keep;
    },
    commands(onCommand, onEnd) {
      raw.offscreen.commands!.subscribe(
        {},
        {
          onData: (value: unknown) => {
            const parsed = offscreenSpec.commands.output.safeParse(value);
            if (parsed.success) onCommand(parsed.data);
          },
          onError: onEnd,
          onStopped: onEnd,
        },
      );
    },
  };
}
