// Context: page agent, a content script in the page's isolated world (top frame only). Holds the real
// document and checks every request to read or change it. Trusts only ports opened by this extension's
// worker (sender id and the worker script's URL, filled in by the browser): not the page, and not the
// extension's own pages, which would otherwise name any remixlet scope past the worker's grants.
//
// Start-up order (bench/time-to-effect.bench.ts): this file imports only what must run at once (the
// masked-field watch, the lifecycle events, the port admission) and says hello with the page's address,
// title and ready state (and again at each ready-state change), so the worker starts the page's sandboxes.
// The rest of the page agent (its schemas, router and operations, in port-server.ts and below) is evaluated
// at once where a remixlet with a script matches the host (a marker run just before this file says so:
// scripted-marker.ts), so it is built while the sandbox starts; elsewhere when the worker first connects,
// which it does once something will call here (the assistant, a style.css with `>>>` rules:
// worker/pages/pages.ts): a page with style.css alone never builds it (bench/page-agent-cpu.bench.ts).
// Requests the worker sends before the router exists are held, in order, and answered once it does; none is
// answered without it, so every message is still parsed and every operation still checked.
import { subscriptions } from './subscriptions';
import { watchMaskedFields } from './policy/password';
import { BENCH_BUILD, BENCH_MARKS } from '../contracts/build-flags';
import { benchMark } from '../contracts/bench-marks';
import { serveBenchEcho } from './bench-echo';
import { timeMessage } from './bench-run-times';
import type { PageHello } from '../contracts/boundaries/worker-page-agent';
import { workerPortAdmission } from './port-admission';
import { isStylesLanded } from '../contracts/boundaries/style-gate';
import { liftStyleGate } from './style-gate-flag';
import { SCRIPTED_FLAG, type ScriptedWorld } from './scripted-flag';

const MARK = Symbol.for('remixlet.page-agent');
const g = globalThis as { [MARK]?: boolean };

const fromOurWorker = workerPortAdmission(chrome.runtime);

let presence: chrome.runtime.Port | undefined;
/** Whether this document's page agent has announced itself before: a later announce is a reconnect (PageHello again). */
let announced = false;
/** Whether a remixlet with a script matches this host (scripted-marker.ts, run just before this file). */
const scripted = (globalThis as ScriptedWorld)[SCRIPTED_FLAG] === true;
const hello = (): PageHello => ({
  hello: { url: location.href, title: document.title, readyState: document.readyState },
  ...(announced ? { again: true as const } : {}),
  ...(scripted ? { scripted: true as const } : {}),
});

/**
 * Runs `fn` now, or once the page is shown when it is being prerendered: a prerendered page is not what the
 * tab shows, and the worker refuses its hello (worker/ports/senders.ts), which would otherwise replace the page shown.
 */
function whenShown(fn: () => void): void {
  if ((document as { prerendering?: boolean }).prerendering) document.addEventListener('prerenderingchange', fn, { once: true });
  else fn();
}

function announce(): void {
  // The presence port tells the worker this document is here; the browser fills in tab, frame and document.
  const port = chrome.runtime.connect({ name: 'page-agent' });
  presence = port;
  // The worker answers each hello once the styles it inserts here are in; the style gate, if up, goes then.
  port.onMessage.addListener((message: unknown) => {
    if (isStylesLanded(message)) liftStyleGate();
  });
  if (BENCH_MARKS && !announced) benchMark('pa:hello-sent');
  port.postMessage(hello());
  announced = true;
  port.onDisconnect.addListener(() => {
    if (presence === port) presence = undefined;
    // A restarted worker drops every port; say hello again while this document lives.
    if (chrome.runtime?.id) setTimeout(() => whenShown(announce), 100);
  });
}

if (!g[MARK] && window.top === window) {
  g[MARK] = true;
  watchMaskedFields();
  whenShown(announce);
  let server = scripted ? import('./port-server') : undefined;
  chrome.runtime.onConnect.addListener((port) => {
    if (!fromOurWorker(port)) {
      if (!(BENCH_BUILD && serveBenchEcho(port))) port.disconnect();
      return;
    }
    if (BENCH_MARKS) benchMark('pa:connected');
    const held: unknown[] = [];
    let handle: ((message: unknown) => Promise<void>) | undefined;
    port.onMessage.addListener((message: unknown) => {
      if (!handle) held.push(message);
      else if (BENCH_BUILD) timeMessage(handle(message));
      else void handle(message);
    });
    void (server ??= import('./port-server')).then(({ servePort }) => {
      handle = servePort(port);
      for (const message of held.splice(0)) void handle(message);
    });
  });
  const lifecycle = () => {
    // Also on the presence port, which needs no router: a page that becomes interactive while the router
    // is still being built starts its document_end sandboxes at once (the events stream says it too).
    try {
      presence?.postMessage(hello());
    } catch {
      // The worker went away; the next hello says where the page is.
    }
    subscriptions.emit({ kind: 'lifecycle', readyState: document.readyState });
  };
  document.addEventListener('readystatechange', lifecycle);
}
