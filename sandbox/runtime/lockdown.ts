// Context: remixlet runtime (dedicated worker inside the sandbox page; remixlet code shares this realm).
// Replaces the globals that reach the network, storage or a document with errors that name the supported
// API, removes every WebRTC constructor, and gives read-only `window`/`location` that describe the page.
// These help the agent write correct code; the boundary itself is the sandbox CSP and the message checks.

const NETWORK = 'Remixlets have no network: use rmx.fetch(url) with a fetch:<host> permission.';
const STORAGE = 'Remixlets cannot use site storage: use rmx.storage with the storage permission.';

export const REPLACED: Record<string, string> = {
  document: 'There is no document here: use dom.query(selector) and the handle it returns.',
  fetch: NETWORK,
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
  BroadcastChannel: 'Remixlets cannot talk to other contexts.',
  SharedWorker: 'Remixlets cannot start shared workers.',
  open: 'Remixlets cannot open windows.',
  XMLDocument: 'There is no document here: use dom.query(selector).',
  Image: 'There is no document here: use dom.create("img", { attrs: { src } }).',
};

/** Every constructor through which WebRTC can open a transport. */
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

function protoChain(obj: object): object[] {
  const chain: object[] = [];
  for (let o: object | null = obj; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) chain.push(o);
  return chain;
}

function lockName(name: string, descriptor: PropertyDescriptor): void {
  for (const o of protoChain(globalThis)) {
    if (Object.prototype.hasOwnProperty.call(o, name)) {
      try {
        delete (o as Record<string, unknown>)[name];
      } catch {
        /* non-configurable: shadowed below */
      }
    }
  }
  Object.defineProperty(globalThis, name, { ...descriptor, configurable: false, enumerable: false });
}

export interface PageInfo {
  url: string;
  title: string;
}

function readOnlyLocation(url: string) {
  const u = new URL(url);
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

export function lockDown(page: PageInfo, currentUrl: () => string): void {
  for (const [name, message] of Object.entries(REPLACED)) {
    lockName(name, {
      get() {
        throw new ReferenceError(`${name} is not available in a remixlet. ${message}`);
      },
    });
  }
  for (const name of WEBRTC) lockName(name, { value: undefined, writable: false });
  const nav = (globalThis as { navigator?: object }).navigator;
  if (nav) {
    for (const name of ['sendBeacon', 'serviceWorker', 'storage', 'locks']) {
      try {
        Object.defineProperty(nav, name, {
          get() {
            throw new ReferenceError(`navigator.${name} is not available in a remixlet. ${NETWORK}`);
          },
          configurable: false,
        });
      } catch {
        /* already locked */
      }
    }
  }
  const nativeSetTimeout = globalThis.setTimeout;
  const nativeSetInterval = globalThis.setInterval;
  const refuseStrings = (native: (...a: never[]) => unknown) =>
    function (this: unknown, handler: unknown, ...rest: unknown[]) {
      if (typeof handler !== 'function') throw new TypeError('Timers take a function, not a string of code.');
      return (native as (...a: unknown[]) => number)(handler, ...rest);
    };
  lockName('setTimeout', { value: refuseStrings(nativeSetTimeout), writable: false });
  lockName('setInterval', { value: refuseStrings(nativeSetInterval), writable: false });
  const location = () => readOnlyLocation(currentUrl());
  lockName('location', { get: location });
  const fakeWindow = Object.freeze(
    Object.create(null, {
      location: { get: location, enumerable: true },
      document: {
        get() {
          throw new ReferenceError(`document is not available in a remixlet. ${REPLACED.document}`);
        },
      },
      title: { get: () => page.title, enumerable: true },
    }),
  );
  lockName('window', { value: fakeWindow, writable: false });
}
