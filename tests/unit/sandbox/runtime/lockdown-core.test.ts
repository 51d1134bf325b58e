// The lockdown that runs before remixlet code in the runtime realm and, as source text, ahead of every
// worker a remixlet starts. Run here on a stand-in worker global, from its source text alone: anything
// it referred to outside its own body would fail, as it would in a nested worker.
import { describe, expect, it } from 'vitest';
import { coreConfig } from '../../../../sandbox/runtime/lockdown';

class FakeBlob {
  constructor(readonly parts: unknown[]) {}
}

/** A worker-like global: network and WebRTC members, some on its prototype as in Chromium. */
function fakeRealm() {
  const started: Array<{ url: string; options: unknown }> = [];
  const blobs = new Map<string, FakeBlob>();
  let n = 0;
  const URLish = {
    createObjectURL: (b: FakeBlob) => {
      const url = `blob:null/${++n}`;
      blobs.set(url, b);
      return url;
    },
    revokeObjectURL: (url: string) => void blobs.delete(url),
  };
  class NativeWorker {
    constructor(url: string, options: unknown) {
      started.push({ url, options });
    }
  }
  const timers: unknown[][] = [];
  const proto = {
    fetch: () => 'native fetch',
    importScripts: () => 'native importScripts',
    RTCIceTransport: function RTCIceTransport() {},
    RTCSomethingNewTransport: function RTCSomethingNewTransport() {},
  };
  const navigatorProto = { sendBeacon: () => true };
  const g: Record<string, unknown> = Object.assign(Object.create(proto), {
    XMLHttpRequest: function XMLHttpRequest() {},
    WebSocket: function WebSocket() {},
    RTCPeerConnection: function RTCPeerConnection() {},
    webkitRTCPeerConnection: function RTCPeerConnection() {},
    Worker: NativeWorker,
    postMessage: () => 'to the sandbox page',
    navigator: Object.create(navigatorProto),
  });
  const cleared: unknown[] = [];
  const setTimeoutFake = (...args: unknown[]) => timers.push(args);
  const clearFake = (id: unknown) => void cleared.push(id);
  const run = (source: string, hooks?: unknown) =>
    new Function('globalThis', 'URL', 'Blob', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'hooks', source)(
      g,
      URLish,
      FakeBlob,
      setTimeoutFake,
      setTimeoutFake,
      clearFake,
      clearFake,
      hooks,
    );
  return { g, proto, navigatorProto, started, blobs, timers, cleared, run, URLish };
}

const config = coreConfig();
const prelude = (c = config) => `(${c.source})(${JSON.stringify(c)});`;

describe('lockdownCore, run from its own source text', () => {
  it('replaces network, storage and document globals with errors that name the supported API, also on prototypes', () => {
    const realm = fakeRealm();
    realm.run(prelude());
    expect(() => realm.g.fetch).toThrow(/fetch is not available in a remixlet\. .*use rmx\.fetch with a fetch:<host> permission/);
    expect(() => realm.g.document).toThrow(/use dom\.query/);
    expect(() => realm.g.localStorage).toThrow(/use rmx\.storage with the storage permission/);
    expect(() => (realm.g.navigator as Record<string, unknown>).sendBeacon).toThrow(/navigator\.sendBeacon is not available/);
    // Walking prototypes finds nothing left behind.
    expect(Object.getOwnPropertyDescriptor(realm.proto, 'fetch')).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(realm.navigatorProto, 'sendBeacon')).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(realm.g, 'fetch')?.configurable).toBe(false);
  });

  it('removes every WebRTC constructor, including ones it does not name', () => {
    const realm = fakeRealm();
    realm.run(prelude());
    for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCIceTransport', 'RTCSomethingNewTransport', 'RTCDataChannel']) {
      expect(realm.g[name], name).toBeUndefined();
      expect(() => {
        realm.g[name] = () => 'restored';
      }).toThrow(TypeError);
    }
    expect(Object.getOwnPropertyDescriptor(realm.proto, 'RTCSomethingNewTransport')).toBeUndefined();
  });

  it('refuses string timers and passes function timers through', () => {
    const realm = fakeRealm();
    realm.run(prelude());
    const setTimeout = realm.g.setTimeout as (...a: unknown[]) => unknown;
    expect(() => setTimeout('fetch("x")', 0)).toThrow(/Timers take a function/);
    const fn = () => undefined;
    setTimeout(fn, 5, 'arg');
    expect(realm.timers).toEqual([[fn, 5, 'arg']]);
  });

  it('starts workers only from blobs made in the realm, with the same prelude ahead of their code', () => {
    const realm = fakeRealm();
    realm.run(prelude());
    const W = realm.g.Worker as new (url: string, o?: unknown) => object;
    const createObjectURL = (realm.URLish as { createObjectURL(b: unknown): string }).createObjectURL;
    expect(() => new W('https://attacker.example/w.js')).toThrow(/only from a blob: address it made/);
    expect(() => new W('data:text/javascript,1')).toThrow(/only from a blob: address it made/);
    expect(() => (W as unknown as (u: string) => void)('blob:x')).toThrow(/new/);

    const code = new FakeBlob(['postMessage(typeof fetch)']);
    new W(createObjectURL(code), { name: 'mine', type: 'module' });
    expect(realm.started).toHaveLength(1);
    const started = realm.blobs.get(realm.started[0]!.url)!;
    expect(started.parts[1]).toBe(code);
    expect(realm.started[0]!.options).toEqual({ name: 'mine' });

    // The nested worker's prelude locks its realm the same way, but leaves postMessage to its creator.
    const nested = fakeRealm();
    nested.run(String(started.parts[0]));
    expect(() => nested.g.fetch).toThrow(/use rmx\.fetch/);
    expect(nested.g.RTCPeerConnection).toBeUndefined();
    expect((nested.g.postMessage as () => string)()).toBe('to the sandbox page');
    expect(() => realm.g.postMessage).toThrow(/cannot talk to other contexts/);
    // And so on, one level down.
    const W2 = nested.g.Worker as new (url: string) => object;
    new W2((nested.URLish as { createObjectURL(b: unknown): string }).createObjectURL(new FakeBlob(['1'])));
    expect(String(nested.blobs.get(nested.started[0]!.url)!.parts[0])).toBe(String(started.parts[0]));
  });

  it('hands back only the wrapper through a worker instance, and keeps its blob table out of reach', () => {
    const realm = fakeRealm();
    const NativeWorker = realm.g.Worker as { prototype: object };
    realm.run(prelude());
    const W = realm.g.Worker as { prototype: { constructor: unknown } };
    expect(W.prototype).toBe(NativeWorker.prototype);
    expect(W.prototype.constructor).toBe(W);
    expect(() => {
      (realm.URLish as Record<string, unknown>).createObjectURL = () => 'blob:forged';
    }).toThrow(TypeError);
  });

  it("tells the runtime realm's hooks of each timer set and cleared; a nested worker, without hooks, keeps the native clears", () => {
    const heard: unknown[][] = [];
    const hooks = { set: (...a: unknown[]) => heard.push(['set', ...a]), cleared: (id: unknown) => heard.push(['cleared', id]) };
    const realm = fakeRealm();
    realm.run(`(${config.source})(${JSON.stringify(config)}, hooks);`, hooks);
    const g = realm.g as Record<string, (...a: unknown[]) => unknown>;
    const first = g.setTimeout!(() => undefined, 1_000);
    const second = g.setInterval!(() => undefined, '250');
    g.setTimeout!(() => undefined);
    g.clearTimeout!(first);
    g.clearInterval!(second);
    expect(heard).toEqual([['set', first, 1_000, false], ['set', second, 250, true], ['set', 3, 0, false], ['cleared', first], ['cleared', second]]);
    expect(realm.cleared).toEqual([first, second]);

    const nested = fakeRealm();
    nested.run(prelude());
    expect(Object.prototype.hasOwnProperty.call(nested.g, 'clearTimeout')).toBe(false);
  });
});
