// Context: sandboxed extension page (origin "null", no extension API). Trusts nothing: it passes the first
// message from its embedder that carries two ports, unread, to a dedicated worker (whose runtime parses it)
// and holds nothing else.
// Remixlet code never runs in this window realm: a window realm can always reach a document.
import RuntimeWorker from './runtime/main?worker&inline';
import { RUNTIME_READY } from '../contracts/boundaries/runtime-ready';

// Started before the boot message, so a frame loaded ahead of need (offscreen/spares.ts) has its runtime
// ready; the runtime does nothing until the one boot message below reaches it.
const worker: Worker = new RuntimeWorker({ name: 'remixlet' });
// Its first word (sent before any remixlet code can exist here), passed on once: the embedder takes a
// frame whose runtime is ready before one still evaluating. Nothing else from the worker goes anywhere.
const onReady = (e: MessageEvent) => {
  if ((e.data as { remixletRuntimeReady?: unknown } | null)?.remixletRuntimeReady !== true) return;
  worker.removeEventListener('message', onReady);
  window.parent.postMessage(RUNTIME_READY, '*');
};
worker.addEventListener('message', onReady);

// The first message from the embedder with the two ports is the boot message: passed on unread, once. The
// runtime parses it (SandboxBoot) before it uses any of it. No schema library is evaluated here: it would
// delay this frame's runtime and hold the sandbox process's main thread, which every sandbox frame shares.
let booted = false;
window.addEventListener('message', (event: MessageEvent) => {
  if (booted || event.source !== window.parent || event.ports.length !== 2) return;
  booted = true;
  const [rpcPort, eventsPort] = event.ports;
  worker.postMessage({ boot: event.data as unknown }, [rpcPort!, eventsPort!]);
});
