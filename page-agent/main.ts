// Context: page agent, a content script in the page's isolated world (top frame only). Holds the real
// document and checks every request to read or change it. Trusts only ports opened by this extension's
// worker (sender id and URL, filled in by the browser); the page itself can reach none of this.
import { createChromeHandler } from 'trpc-chrome/adapter';
import { pageAgentRouter } from './router';
import { subscriptions } from './subscriptions';
import { watchMaskedFields } from './policy/password';
import { BENCH_BUILD } from '../contracts/build-flags';
import { serveBenchEcho } from './bench-echo';

const MARK = Symbol.for('remixlet.page-agent');
const g = globalThis as { [MARK]?: boolean };

function fromOurWorker(port: chrome.runtime.Port): boolean {
  const s = port.sender;
  return port.name === 'worker' && s?.id === chrome.runtime.id && !s.tab && (s.url ?? '').startsWith(`chrome-extension://${chrome.runtime.id}/`);
}

function announce(): void {
  // The presence port tells the worker this document is here; the browser fills in tab, frame and document.
  const presence = chrome.runtime.connect({ name: 'page-agent' });
  presence.onDisconnect.addListener(() => {
    // A restarted worker drops every port; say hello again while this document lives.
    if (chrome.runtime?.id) setTimeout(announce, 100);
  });
}

if (!g[MARK] && window.top === window) {
  g[MARK] = true;
  chrome.runtime.onConnect.addListener((port) => {
    if (!fromOurWorker(port) && !(BENCH_BUILD && serveBenchEcho(port))) port.disconnect();
  });
  watchMaskedFields();
  createChromeHandler({ router: pageAgentRouter as never, createContext: () => ({}), onError: () => undefined });
  const lifecycle = () => subscriptions.emit({ kind: 'lifecycle', readyState: document.readyState });
  document.addEventListener('readystatechange', lifecycle);
  announce();
}
