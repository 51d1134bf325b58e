// Context: offscreen document. The API one sandbox reaches over its own MessageChannel (Comlink). It
// trusts nothing from the sandbox: every argument is parsed, calls are rate limited, and the object holds
// no token (the token injection link adds it), so nothing a sandbox can get or set through Comlink leaks one.
import { sandboxHostSpec, type HostAnswer, type SandboxHost } from '../contracts/boundaries/sandbox-offscreen';
import type { Refusal } from '../contracts/refusals';
import { asRefusal } from '../contracts/trpc-errors';
import type { WorkerConnection } from './worker-client';


export const RATE = { callsPerSecond: 400 } as const;

export function createSandboxHost(sandboxId: string, worker: () => WorkerConnection, onRateLimited: () => void): Readonly<SandboxHost> {
  let windowStart = Date.now();
  let calls = 0;
  let warned = false;
  const admit = (): Refusal | undefined => {
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      calls = 0;
      warned = false;
    }
    calls += 1;
    if (calls <= RATE.callsPerSecond) return undefined;
    if (!warned) {
      warned = true;
      onRateLimited();
    }
    return { code: 'RATE_LIMITED', reason: `More than ${RATE.callsPerSecond} calls a second; batch dom calls or slow down.` };
  };

  const answer = async (name: keyof typeof sandboxHostSpec, raw: unknown, send: (input: never) => Promise<unknown>): Promise<HostAnswer> => {
    const limited = admit();
    if (limited) return { ok: false, refusal: limited };
    const parsed = sandboxHostSpec[name].input.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { ok: false, refusal: { code: 'MALFORMED_MESSAGE', reason: `Malformed ${name} call at ${issue?.path.join('.') || 'input'}: ${issue?.message ?? ''}` } };
    }
    try {
      return { ok: true, value: await send(parsed.data as never) };
    } catch (e) {
      return { ok: false, refusal: asRefusal(e).toJSON() };
    }
  };

  return Object.freeze({
    dom: (ops: unknown) => answer('dom', ops, (checked) => worker().call(sandboxId, 'dom', { ops: checked })),
    log: (entry: unknown) => answer('log', entry, (checked: { level: 'info' | 'warn' | 'error'; message: string }) => worker().call(sandboxId, 'log', checked)),
    storage: (call: unknown) => answer('storage', call, (checked) => worker().call(sandboxId, 'storage', { call: checked })),
  });
}
