// Context: offscreen document, benchmark builds only. Relays raw benchmark pings from a sandbox to the
// worker and back, so the floor crosses the same hops as a dom call without any of its checks.
let port: chrome.runtime.Port | undefined;
const sandboxes = new Map<string, MessagePort>();

function benchPort(): chrome.runtime.Port {
  if (!port) {
    port = chrome.runtime.connect({ name: 'bench' });
    port.onMessage.addListener((m: { sandboxId: string; i: number }) => sandboxes.get(m.sandboxId)?.postMessage({ benchPong: m.i }));
    port.onDisconnect.addListener(() => (port = undefined));
  }
  return port;
}

export function relayBench(sandboxId: string, toSandbox: MessagePort): void {
  sandboxes.set(sandboxId, toSandbox);
  toSandbox.addEventListener('message', (e: MessageEvent) => {
    const ping = (e.data as { benchPing?: unknown } | null)?.benchPing;
    if (typeof ping === 'number') benchPort().postMessage({ sandboxId, i: ping });
  });
  toSandbox.start();
}
