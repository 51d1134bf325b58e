// Context: offscreen document. The API one sandbox reaches over its own MessageChannel (Comlink, behind
// comlink-guard.ts). It trusts nothing from the sandbox: every argument is parsed, calls, dom operations
// and log lines are budgeted per second (the refusal is logged once a second), and the object holds no
// token (the token injection link adds it), so nothing a sandbox can get or set through Comlink leaks one.
import { sandboxHostSpec, type HostAnswer, type SandboxHost } from '../contracts/boundaries/sandbox-offscreen';
import type { Refusal } from '../contracts/refusals';
import { asRefusal } from '../contracts/trpc-errors';
import { RateWindow } from '../contracts/rate-window';
import { batchCount } from '../contracts/dom/runs';
import type { WorkerConnection } from './worker-client';
import { writeClipboardText } from './clipboard';
import { RemixletRefusal } from '../contracts/refusals';
import { serviceSpecs, type ServiceName } from '../contracts/capabilities/rmx-services';
import type { KeepPlanCall } from '../contracts/boundaries/keep-plan-call';
import { BENCH_BUILD, BENCH_MARKS } from '../contracts/build-flags';
import { timeHop } from '../contracts/bench-hop-times';
import { benchMark } from '../contracts/bench-marks';

/** A little above the runtime's own pace (sandbox/runtime/bridge.ts, log-limit.ts), so honest code meets the runtime's limit first. */
export const RATE = { callsPerSecond: 400, domOpsPerSecond: 2_500, logLinesPerSecond: 60 } as const;

type Method = keyof typeof sandboxHostSpec;
type Send = (checked: never) => Promise<unknown>;

/** What the host itself does after the worker's answer, for a service it finishes here. */
const FINISH_HERE: Partial<Record<ServiceName, (call: never) => unknown>> = {
  // The worker only grants the clipboard call; the text is written here, and only after that answer.
  clipboard: (call: { text: string }) => {
    if (!writeClipboardText(call.text)) throw new RemixletRefusal('INTERNAL', 'The browser did not let the text be copied.');
    return null;
  },
};

/** Keeps a keep's read plan for the sandbox's remixlet (keep-plans.ts); false when its remixlet has as many as it may. */
export type RememberKeepPlan = (call: KeepPlanCall) => boolean;

/**
 * How each call the host answers travels on to the worker (worker-client adds the token): dom and log, and every
 * rmx service. A keep's plan stays here: it is the remixlet's own reads, for its own next sandbox.
 */
function forwarders(sandboxId: string, worker: () => WorkerConnection, remember: RememberKeepPlan): Record<Method, Send> {
  const services = serviceSpecs((_, name): Send => {
    const finish = FINISH_HERE[name];
    return async (call: never) => {
      const answer = await worker().call(sandboxId, name, { call } as never);
      return finish ? finish(call) : answer;
    };
  });
  return {
    dom: (ops: never) => worker().call(sandboxId, 'dom', { ops }),
    log: (entry: never) => worker().call(sandboxId, 'log', entry),
    keepPlan: async (call: never) => ({ kept: remember(call) }),
    ...services,
  };
}

/** The methods a sandbox may call: the only ones comlink-guard lets through. */
export const HOST_METHODS = Object.keys(forwarders('', () => undefined as never, () => false)) as Method[];

export function createSandboxHost(
  sandboxId: string,
  worker: () => WorkerConnection,
  onRateLimited: (reason: string) => void,
  remember: RememberKeepPlan = () => false,
  /** Told of every call as it arrives, before any check; what it returns is called once the call is answered (spares.ts sandboxCall). */
  onCall: () => () => void = () => () => undefined,
): Readonly<SandboxHost> {
  const calls = new RateWindow(RATE.callsPerSecond);
  const ops = new RateWindow(RATE.domOpsPerSecond);
  const logs = new RateWindow(RATE.logLinesPerSecond);
  const warned = new Map<RateWindow, number>();
  const limited = (window: RateWindow, reason: string): Refusal => {
    if (warned.get(window) !== window.mark()) {
      warned.set(window, window.mark());
      onRateLimited(reason);
    }
    return { code: 'RATE_LIMITED', reason };
  };
  const admit = (name: Method, raw: unknown): Refusal | undefined => {
    if (!calls.take()) return limited(calls, `More than ${RATE.callsPerSecond} calls a second; batch dom calls or slow down.`);
    // Counted before parsing, so an oversized flood costs no parsing.
    if (name === 'dom' && !ops.take(Math.max(1, batchCount(raw)))) {
      return limited(ops, `More than ${RATE.domOpsPerSecond} dom operations a second; the batch was refused.`);
    }
    if (name === 'log' && !logs.take()) return limited(logs, `More than ${RATE.logLinesPerSecond} log lines a second; the line was dropped.`);
    return undefined;
  };

  // Benchmark builds: how long the batch was here, and how long of that the worker took as seen from here.
  const timedSend = (arrived: number, raw: unknown, send: () => Promise<unknown>): Promise<unknown> => {
    const called = performance.now();
    const sent = send();
    timeHop('offscreen-call', raw, sent, called);
    timeHop('offscreen', raw, sent, arrived);
    return sent;
  };
  const answer = async (name: Method, raw: unknown, send: Send): Promise<HostAnswer> => {
    const arrived = BENCH_BUILD ? performance.now() : 0;
    if (BENCH_MARKS && name === 'dom') benchMark('o:call-in');
    const answered = onCall();
    try {
      return await checkAndSend(name, raw, send, arrived);
    } finally {
      answered();
      if (BENCH_MARKS && name === 'dom') benchMark('o:call-answered');
    }
  };
  const checkAndSend = async (name: Method, raw: unknown, send: Send, arrived: number): Promise<HostAnswer> => {
    const refusal = admit(name, raw);
    if (refusal) return { ok: false, refusal };
    const parsed = sandboxHostSpec[name].input.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { ok: false, refusal: { code: 'MALFORMED_MESSAGE', reason: `Malformed ${name} call at ${issue?.path.join('.') || 'input'}: ${issue?.message ?? ''}` } };
    }
    try {
      if (BENCH_BUILD && name === 'dom') return { ok: true, value: await timedSend(arrived, raw, () => send(parsed.data as never)) };
      return { ok: true, value: await send(parsed.data as never) };
    } catch (e) {
      return { ok: false, refusal: asRefusal(e).toJSON() };
    }
  };

  const host = {} as Record<Method, (raw: unknown) => Promise<HostAnswer>>;
  for (const [name, send] of Object.entries(forwarders(sandboxId, worker, remember)) as Array<[Method, Send]>) host[name] = (raw) => answer(name, raw, send);
  return Object.freeze(host);
}
