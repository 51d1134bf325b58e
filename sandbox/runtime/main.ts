// Context: remixlet runtime, a dedicated (classic) worker started from a blob: inside the sandbox page.
// Remixlet code runs here, where there is no document to reach. Trusts the boot message from the sandbox
// page (its only peer); everything else arrives parsed through the bridge and the events port.
import * as Comlink from 'comlink';
import { SandboxBoot, type SandboxHost } from '../../contracts/boundaries/sandbox-offscreen';
import { Bridge } from './bridge';
import { EventRouter } from './events';
import { createDom } from './dom';
import { createRmx, formatLogArgs } from './rmx';
import { lockDown } from './lockdown';
import { BENCH_BUILD } from '../../contracts/build-flags';
import { installBenchFloor } from './bench-floor';

const createObjectURL = URL.createObjectURL.bind(URL);
const loadScript = (globalThis as unknown as { importScripts: (url: string) => void }).importScripts.bind(globalThis);
const nativeSetTimeout = setTimeout;
const raf = (globalThis as { requestAnimationFrame?: (fn: () => void) => number }).requestAnimationFrame?.bind(globalThis);
const nextFrame = (fn: () => void) => (raf ? raf(fn) : nativeSetTimeout(fn, 16));

function start(event: MessageEvent): void {
  const parsed = SandboxBoot.safeParse((event.data as { boot?: unknown } | null)?.boot);
  if (!parsed.success || event.ports.length !== 2) return;
  const boot = parsed.data;
  const [rpcPort, eventsPort] = event.ports as [MessagePort, MessagePort];
  const host = Comlink.wrap<SandboxHost>(rpcPort);
  const bridge = new Bridge(host);
  const logError = (e: unknown) => void bridge.call('log', { level: 'error', message: `Uncaught ${formatLogArgs([e])}` }).catch(() => undefined);
  const events = new EventRouter(eventsPort, boot.page.url, logError);
  if (BENCH_BUILD) installBenchFloor(eventsPort);
  const dom = createDom(bridge, events);
  const rmx = createRmx(bridge, events, boot.page, nextFrame);

  self.addEventListener('error', (e) => {
    e.preventDefault();
    logError(e.error ?? e.message);
  });
  self.addEventListener('unhandledrejection', (e) => {
    e.preventDefault();
    logError(e.reason);
  });

  lockDown(boot.page, () => events.pageUrl);
  Object.defineProperty(globalThis, 'dom', { value: dom, writable: false, configurable: false });
  Object.defineProperty(globalThis, 'rmx', { value: rmx, writable: false, configurable: false });

  // A classic worker (blob:null cannot serve a module worker), so the script is wrapped in an async
  // function to allow top-level await; the wrapper is not a boundary, the sandbox is.
  Object.defineProperty(globalThis, '__remixletFailed', { value: logError, writable: false, configurable: false });
  const wrapped = `(async () => {\n${boot.script}\n})().catch(globalThis.__remixletFailed);`;
  const url = createObjectURL(new Blob([wrapped], { type: 'text/javascript' }));
  try {
    loadScript(url);
  } catch (e) {
    logError(e);
  }
}

self.addEventListener('message', start, { once: true });
