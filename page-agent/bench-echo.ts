// Context: page agent, benchmark builds only. Echoes raw benchmark pings from this extension's worker.
export function serveBenchEcho(port: chrome.runtime.Port): boolean {
  if (port.name !== 'bench' || port.sender?.id !== chrome.runtime.id || port.sender.tab) return false;
  port.onMessage.addListener((m: unknown) => port.postMessage(m));
  return true;
}
