// Context: sandboxed extension page (origin "null", no extension API). Trusts only the first boot message
// from its embedder that carries the two ports; it hands them to a dedicated worker and holds nothing else.
// Remixlet code never runs in this window realm: a window realm can always reach a document.
import RuntimeWorker from './runtime/main?worker&inline';
import { RUNTIME_READY, SandboxBoot } from '../contracts/boundaries/sandbox-boot';

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

let booted = false;
window.addEventListener('message', (event: MessageEvent) => {
  if (booted || event.source !== window.parent || event.ports.length !== 2) return;
  const boot = SandboxBoot.safeParse(event.data);
  if (!boot.success) return;
  booted = true;
  const [rpcPort, eventsPort] = event.ports;
  worker.postMessage({ boot: boot.data }, [rpcPort!, eventsPort!]);
});
