// Context: remixlet runtime, a dedicated (classic) worker started from a blob: inside the sandbox page.
// Remixlet code runs here, where there is no document to reach. Trusts the boot message from the sandbox
// page (its only peer); everything else arrives parsed through the bridge and the events port.
import * as Comlink from 'comlink';
import { RUNTIME_READY, SandboxBoot, SandboxStart, type SandboxHost } from '../../contracts/boundaries/sandbox-boot';
import { Bridge } from './bridge';
import { EventRouter } from './events';
import { createDom } from './dom';
import { createRmx, formatLogArgs } from './rmx';
import { lockDown } from './lockdown';
import { limitLog } from './log-limit';
import { BENCH_BUILD, BENCH_MARKS } from '../../contracts/build-flags';
import { benchMark } from '../../contracts/bench-marks';
import { installBenchFloor } from './bench-floor';
import { installBenchBatchLegs } from './bench-batch-legs';
import { answerHeartbeats } from './heartbeat';
import { comlinkEndpoint, sealPort, type SealedPort } from './sealed-port';
import { wakeAhead } from './wake-ahead';
import { warmAnswerSchemas } from '../../contracts/zod-answer';

// Answers are parsed here: their schemas are built now, at start, not on the first answer (contracts/zod-answer.ts).
warmAnswerSchemas();

// Taken before lockdown and before remixlet code can replace them.
const createObjectURL = URL.createObjectURL.bind(URL);
const loadScript = (globalThis as unknown as { importScripts: (url: string) => void }).importScripts.bind(globalThis);
const nativeSetTimeout = setTimeout.bind(globalThis);
const nativeTimers = { set: nativeSetTimeout, every: setInterval.bind(globalThis), clear: clearTimeout.bind(globalThis) };
const tellSandboxPage = (globalThis as unknown as { postMessage: (m: unknown) => void }).postMessage.bind(globalThis);
/** Where the loaded script hands over its function; deleted before remixlet code runs. */
const MAIN = '__remixletMain';
const timer = (fn: () => void, ms: number) => nativeSetTimeout(fn, ms);
const now = performance.now.bind(performance);
/** The offscreen document draws no frames (requestAnimationFrame never fires there), so a frame is a 16 ms tick. */
const FRAME_MS = 16;
let lastFrame = -Infinity;
/**
 * At most once per 16 ms, but without waiting when the last run was longer ago: the page agent already
 * reports changes once per page frame, so a change after a quiet spell is checked at once, and a repair
 * can land in the page's next frame instead of the one after (bench/keep.bench.ts).
 */
const nextFrame = (fn: () => void) =>
  void nativeSetTimeout(() => {
    lastFrame = now();
    fn();
  }, Math.max(0, lastFrame + FRAME_MS - now()));

/** What rmx.page, location and window report: the page's, from the boot message on (a held sandbox learns the title anew when it starts). */
const page = { url: 'about:blank', title: '' };
let pageUrl = () => page.url;
// Locked down before the boot message (every native the runtime needs is taken above): a frame loaded ahead
// of need (offscreen/spares.ts) has this done before a page is waiting for its sandbox.
/** Wakes the dom path ahead of a long timer's calls once the bridge exists (wake-ahead.ts). */
let wakePath = () => undefined as void;
lockDown(page, () => pageUrl(), wakeAhead(nativeTimers, () => wakePath()));

function start(event: MessageEvent): void {
  const parsed = SandboxBoot.safeParse((event.data as { boot?: unknown } | null)?.boot);
  if (!parsed.success || event.ports.length !== 2) return;
  const boot = parsed.data;
  Object.assign(page, boot.page);
  const [rpcPort, eventsPort] = (event.ports as [MessagePort, MessagePort]).map(sealPort) as [SealedPort, SealedPort];
  const host = Comlink.wrap<SandboxHost>(comlinkEndpoint(rpcPort));
  let log: ReturnType<typeof limitLog> = () => Promise.resolve();
  const bridge = new Bridge(host, timer, (reason) => void log('warn', `RATE_LIMITED: ${reason}`).catch(() => undefined));
  log = limitLog((level, message) => bridge.call('log', { level, message }), timer);
  wakePath = () => bridge.wake();
  const logError = (e: unknown) => void log('error', `Uncaught ${formatLogArgs([e])}`).catch(() => undefined);
  const events = new EventRouter(eventsPort, page.url, logError);
  if (BENCH_BUILD) {
    installBenchFloor(eventsPort);
    installBenchBatchLegs();
  }
  answerHeartbeats(eventsPort);
  const dom = createDom(bridge, events);
  const rmx = createRmx(bridge, events, page, nextFrame, { log, timer, keepPlans: boot.keepPlans });

  self.addEventListener('error', (e) => {
    e.preventDefault();
    logError(e.error ?? e.message);
  });
  self.addEventListener('unhandledrejection', (e) => {
    e.preventDefault();
    logError(e.reason);
  });

  pageUrl = () => events.pageUrl;
  Object.defineProperty(globalThis, 'dom', { value: dom, writable: false, configurable: false });
  Object.defineProperty(globalThis, 'rmx', { value: rmx, writable: false, configurable: false });

  // A classic worker (blob:null cannot serve a module worker), so the script is wrapped in an async
  // function to allow top-level await, in strict mode as the save-time check read it. A rejection lands
  // in the unhandledrejection listener above. The wrapper is not a boundary, the sandbox is.
  // Loading the blob only defines the function (handed over through a one-time setter, gone before the
  // script runs), so a held sandbox has its script loaded and compiled before it is started.
  let main: (() => unknown) | undefined;
  Object.defineProperty(globalThis, MAIN, {
    configurable: true,
    set: (fn: () => unknown) => void (main ??= fn),
  });
  const wrapped = `self[${JSON.stringify(MAIN)}] = async () => {'use strict';\n${boot.script}\n};`;
  try {
    loadScript(createObjectURL(new Blob([wrapped], { type: 'text/javascript' })));
  } catch (e) {
    logError(e);
  }
  delete (globalThis as Record<string, unknown>)[MAIN];
  // An async function: it cannot throw here, and its rejection is left unhandled on purpose, for the listener above to log.
  const run = () => {
    if (BENCH_MARKS) benchMark('rt:start');
    void main?.();
  };
  if (!boot.hold) {
    run();
    return;
  }
  // Held until its navigation commits (worker/pages/sandboxes.ts; the page agent answers dom calls from the runAt
  // on): everything above is ready, so the script's first call pays only for itself. The start message
  // comes on the events port, which remixlet code cannot reach.
  const stopListening = eventsPort.listen((data) => {
    const start = SandboxStart.safeParse(data);
    if (!start.success) return;
    stopListening();
    page.title = start.data.start.title;
    if (start.data.start.url !== events.pageUrl) events.pageUrl = start.data.start.url;
    run();
  });
}

self.addEventListener('message', start, { once: true });
// Evaluated, locked down and listening: a spare frame is worth taking now (offscreen/spares.ts).
tellSandboxPage(RUNTIME_READY);
