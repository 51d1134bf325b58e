// Context: offscreen document, benchmark builds only. Relays raw benchmark pings from a sandbox to the
// worker and back, so the floor crosses the same hops as a dom call without any of its checks.
import type { GuardedPort } from './port-guard';

let port: chrome.runtime.Port | undefined;
const sandboxes = new Map<string, GuardedPort>();

function benchPort(): chrome.runtime.Port {
  if (!port) {
    port = chrome.runtime.connect({ name: 'bench' });
    port.onMessage.addListener((m: { sandboxId: string; i: number }) => sandboxes.get(m.sandboxId)?.post({ benchPong: m.i }));
    port.onDisconnect.addListener(() => (port = undefined));
  }
  return port;
}

export function relayBench(sandboxId: string, toSandbox: GuardedPort): void {
  sandboxes.set(sandboxId, toSandbox);
  toSandbox.listen((data) => {
    const ping = (data as { benchPing?: unknown } | null)?.benchPing;
    if (typeof ping === 'number') benchPort().postMessage({ sandboxId, i: ping });
  });
}
