// Context: remixlet runtime (dedicated worker inside the sandbox page; remixlet code shares this realm).
// Replaces the globals that reach the network, storage, other contexts or a document with errors that
// name the supported API, removes every WebRTC constructor (here and in every worker the remixlet starts),
// and gives read-only `window`/`location` that describe the page, not the sandbox. These help the assistant
// write correct code; the boundary itself is the sandbox CSP, the worker realm and the message checks.
import { lockdownCore, type CoreConfig, type TimerHooks } from './lockdown-core';

const NETWORK = 'Remixlets have no network: use rmx.fetch with a fetch:<host> permission.';
const STORAGE = 'Remixlets cannot use site storage: use rmx.storage with the storage permission.';
const NO_DOCUMENT = 'There is no document here: use dom.query(selector) and the handle it returns.';

export const REPLACED: Record<string, string> = {
  document: NO_DOCUMENT,
  fetch: NETWORK,
  fetchLater: NETWORK,
  XMLHttpRequest: NETWORK,
  WebSocket: NETWORK,
  WebSocketStream: NETWORK,
  EventSource: NETWORK,
  WebTransport: NETWORK,
  localStorage: STORAGE,
  sessionStorage: STORAGE,
  indexedDB: STORAGE,
  caches: STORAGE,
  cookieStore: STORAGE,
  importScripts: 'Remixlets load no code: put everything in script.js.',
  BroadcastChannel: 'Remixlets cannot talk to other contexts: use rmx.storage to keep state.',
  SharedWorker: 'Remixlets cannot start shared workers: start a Worker from a blob: address instead.',
  open: 'Remixlets cannot open windows.',
  XMLDocument: NO_DOCUMENT,
  Image: 'There is no document here: use dom.create("img", { attrs: { src } }).',
  FontFace: 'There is no document here: put @font-face rules in style.css.',
  fonts: 'There is no document here: put @font-face rules in style.css.',
  Notification: 'Use rmx.notify({ title, message }) with the notifications permission.',
};

/** Only the runtime realm: its creator is the sandbox page, which has nothing to say to remixlet code. */
export const RUNTIME_ONLY: Record<string, string> = {
  postMessage: 'Remixlets cannot talk to other contexts: use dom for the page and rmx for extension services.',
};

export const NAVIGATOR: Record<string, string> = {
  sendBeacon: NETWORK,
  serviceWorker: 'Remixlets cannot register service workers.',
  storage: STORAGE,
  storageBuckets: STORAGE,
  locks: 'Remixlets cannot share locks with other contexts.',
  credentials: 'Remixlets cannot use credentials.',
};

/** Every constructor through which WebRTC can open a transport (any other RTC* global goes too). */
export const WEBRTC = [
  'RTCPeerConnection',
  'webkitRTCPeerConnection',
  'RTCDataChannel',
  'RTCIceTransport',
  'RTCIceCandidate',
  'RTCDtlsTransport',
  'RTCSctpTransport',
  'RTCRtpSender',
  'RTCRtpReceiver',
  'RTCRtpTransceiver',
  'RTCSessionDescription',
  'RTCEncodedAudioFrame',
  'RTCEncodedVideoFrame',
  'RTCRtpScriptTransform',
  'RTCCertificate',
];

export function coreConfig(): CoreConfig {
  return {
    replaced: REPLACED,
    runtimeOnly: RUNTIME_ONLY,
    navigator: NAVIGATOR,
    webrtc: WEBRTC,
    workerRefused: 'A remixlet may start a Worker only from a blob: address it made with URL.createObjectURL(new Blob([code])).',
    stringTimer: 'Timers take a function, not a string of code: setTimeout(() => { … }, ms).',
    source: lockdownCore.toString(),
  };
}

export interface PageInfo {
  url: string;
  title: string;
}

function readOnlyLocation(url: string) {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    u = new URL('about:blank');
  }
  return Object.freeze({
    href: u.href,
    origin: u.origin,
    protocol: u.protocol,
    host: u.host,
    hostname: u.hostname,
    port: u.port,
    pathname: u.pathname,
    search: u.search,
    hash: u.hash,
    toString: () => u.href,
  });
}

/** Removes a global from the realm and its prototypes, then defines the replacement on the global. */
function replaceGlobal(name: string, descriptor: PropertyDescriptor): void {
  for (let o: object | null = globalThis; o && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
    if (Object.prototype.hasOwnProperty.call(o, name)) delete (o as Record<string, unknown>)[name];
  }
  Object.defineProperty(globalThis, name, { ...descriptor, configurable: false, enumerable: false });
}

/** `timers`: what the runtime hears of the timers remixlet code sets (sandbox/runtime/wake-ahead.ts). */
export function lockDown(page: PageInfo, currentUrl: () => string, timers?: TimerHooks): void {
  lockdownCore(coreConfig(), timers);
  const location = () => readOnlyLocation(currentUrl());
  replaceGlobal('location', { get: location });
  const fakeWindow = Object.freeze(
    Object.create(null, {
      location: { get: location, enumerable: true },
      document: {
        get() {
          throw new ReferenceError(`document is not available in a remixlet. ${NO_DOCUMENT}`);
        },
      },
      title: { get: () => page.title, enumerable: true },
    }),
  );
  replaceGlobal('window', { value: fakeWindow, writable: false });
}
