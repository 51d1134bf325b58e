// Context: offscreen document. Creates one sandboxed iframe per (remixlet, page) when the worker says so
// (a spare loaded ahead of need when there is one, spares.ts) and tears it down when told, or on its own
// when the frame loads a second document. Trusts the worker's commands (already parsed); trusts nothing
// the frames send.
import * as Comlink from 'comlink';
import type { z } from 'zod';
import type { SandboxCreate } from '../contracts/boundaries/offscreen-worker';
import type { SandboxBoot, SandboxStart } from '../contracts/boundaries/sandbox-offscreen';
import type { PageEvent } from '../contracts/dom/ops';
import { createSandboxHost, HOST_METHODS } from './sandbox-host';
import { guardedEndpoint } from './comlink-guard';
import { SandboxBudget, type GuardedPort } from './port-guard';
import { dropToken, holdToken, type WorkerConnection } from './worker-client';
import { SANDBOX_PATH } from './frame-policy';
import { noteHeld, sandboxCall, sandboxFrame, takeSpare } from './spares';
import { BENCH_BUILD, BENCH_MARKS } from '../contracts/build-flags';
import { benchMark } from '../contracts/bench-marks';
import { relayBench } from './bench-relay';
import { STALL_MS, watchSandbox } from './watchdog';
import { keepPlansFor, rememberKeepPlan } from './keep-plans';

interface LiveSandbox {
  stopWatching?: () => void;
  iframe: HTMLIFrameElement;
  rpc: MessageChannel;
  events: MessageChannel;
  /** The offscreen end of the events port, read and written only through its guard. */
  eventsPort: GuardedPort;
  remixletId: string;
}

const live = new Map<string, LiveSandbox>();

export function liveSandboxIds(): string[] {
  return [...live.keys()];
}

export function createSandbox(cmd: z.infer<typeof SandboxCreate>, worker: () => WorkerConnection): void {
  if (live.has(cmd.sandboxId)) return;
  holdToken(cmd.sandboxId, cmd.token);
  const spare = takeSpare();
  const iframe = spare?.iframe ?? sandboxFrame();
  iframe.dataset.sandboxId = cmd.sandboxId;
  iframe.dataset.remixletId = cmd.remixletId;
  const rpc = new MessageChannel();
  const events = new MessageChannel();
  const ended = (reason: string) => {
    if (!live.has(cmd.sandboxId)) return;
    void worker().call(cmd.sandboxId, 'sandboxEnded', { reason }).catch(() => undefined);
    destroySandbox(cmd.sandboxId);
  };
  // Guarded from the start: what the worker sends before the frame has loaded waits in the port for the runtime.
  const budget = new SandboxBudget(ended);
  const rpcPort = budget.guard(rpc.port1, 'rpc');
  const eventsPort = budget.guard(events.port1, 'events');
  const entry: LiveSandbox = { iframe, rpc, events, eventsPort, remixletId: cmd.remixletId };
  live.set(cmd.sandboxId, entry);
  if (cmd.hold) noteHeld(cmd.sandboxId, 'waiting');
  const logWarn = (message: string) => void worker().call(cmd.sandboxId, 'log', { level: 'warn', message }).catch(() => undefined);
  const start = () => {
    const host = createSandboxHost(
      cmd.sandboxId,
      worker,
      (reason) => logWarn(`RATE_LIMITED: ${reason}`),
      (call) => rememberKeepPlan(cmd.remixletId, cmd.script, call),
      sandboxCall,
    );
    let droppedReported = false;
    const endpoint = guardedEndpoint(rpcPort, HOST_METHODS, {
      onDropped: () => {
        if (droppedReported) return;
        droppedReported = true;
        logWarn(`The sandbox sent a message that is not a plain call of one of the host's methods (${HOST_METHODS.join(', ')}); it was dropped, and so will any like it.`);
      },
    });
    Comlink.expose(host, endpoint);
    if (BENCH_BUILD) relayBench(cmd.sandboxId, eventsPort);
    const keepPlans = keepPlansFor(cmd.remixletId, cmd.script);
    entry.stopWatching = watchSandbox(eventsPort, () => ended(`its script did not yield for ${STALL_MS / 1000} s (a loop that never awaits); it was stopped`));
    const boot: SandboxBoot = {
      kind: 'remixlet-boot',
      script: cmd.script,
      page: cmd.page,
      apiVersion: cmd.apiVersion,
      extensionVersion: cmd.extensionVersion,
      ...(cmd.hold ? { hold: true } : {}),
      ...(keepPlans ? { keepPlans } : {}),
    };
    // The frame's origin is opaque ("null"), so "*" is the only target; the ports are what bind it.
    iframe.contentWindow?.postMessage(boot, '*', [rpc.port2, events.port2]);
  };
  let loads = spare?.loaded() ? 1 : 0;
  iframe.addEventListener('load', () => {
    loads += 1;
    if (loads > 1) {
      // A sandbox that navigated itself (or was navigated) is no longer the page we started; it goes.
      ended('the sandbox frame loaded a second document');
      return;
    }
    start();
  });
  if (loads === 1) start();
  if (!spare) {
    iframe.src = chrome.runtime.getURL(SANDBOX_PATH);
    document.body.append(iframe);
  }
}

export function deliverEvent(sandboxId: string, event: PageEvent): void {
  live.get(sandboxId)?.eventsPort.post(event);
}

/** A held sandbox's document committed: its script runs now. Sent on the events port, which only the runtime holds; a port message sent before the boot is kept until the runtime takes the port. */
export function startHeldSandbox(sandboxId: string, page: SandboxStart['start']): void {
  if (BENCH_MARKS) benchMark('o:start');
  const start: SandboxStart = { start: page };
  noteHeld(sandboxId, 'started');
  live.get(sandboxId)?.eventsPort.post(start);
}

export function destroySandbox(sandboxId: string): void {
  const entry = live.get(sandboxId);
  dropToken(sandboxId);
  noteHeld(sandboxId, 'gone');
  if (!entry) return;
  entry.stopWatching?.();
  live.delete(sandboxId);
  entry.rpc.port1.close();
  entry.events.port1.close();
  entry.iframe.remove();
}

export function destroyAll(): void {
  for (const id of [...live.keys()]) destroySandbox(id);
}
