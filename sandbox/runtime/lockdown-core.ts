// Context: remixlet runtime (dedicated worker) and every worker a remixlet starts from blob:. Trusts
// nothing: remixlet code runs in the same realm right after this. The function is also sent as source
// text ahead of a nested worker's code, so it must not refer to anything outside its own body: all it
// needs arrives in its one JSON argument.

export interface CoreConfig {
  /** Globals replaced by a getter that throws an error naming the supported API. */
  replaced: Record<string, string>;
  /** Replaced only in the runtime realm (a nested worker keeps postMessage to talk to its creator). */
  runtimeOnly: Record<string, string>;
  /** navigator members replaced the same way. */
  navigator: Record<string, string>;
  /** WebRTC constructors removed by name, on top of every global whose name starts with RTC. */
  webrtc: string[];
  workerRefused: string;
  stringTimer: string;
  /** This function's own source, so nested workers get the same prelude. */
  source: string;
}

/**
 * The runtime realm's own look at the timers remixlet code sets (sandbox/runtime/wake-ahead.ts); a nested worker,
 * which gets this function as source text, has none.
 */
export interface TimerHooks {
  set(id: unknown, ms: number, repeats: boolean): void;
  cleared(id: unknown): void;
}

export function lockdownCore(config: CoreConfig, hooks?: TimerHooks): void {
  const g = globalThis as unknown as Record<string, unknown>;
  const own = (o: object, name: string) => Object.prototype.hasOwnProperty.call(o, name);
  // A name is removed from the object and from every prototype it inherits from, then defined again on
  // the object: walking prototypes or reading descriptors finds only the replacement.
  const lockOn = (target: object, name: string, descriptor: PropertyDescriptor) => {
    for (let o: object | null = target; o && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
      if (own(o, name)) {
        try {
          delete (o as Record<string, unknown>)[name];
        } catch {
          /* non-configurable: the definition below shadows it */
        }
      }
    }
    try {
      Object.defineProperty(target, name, { ...descriptor, configurable: false, enumerable: false });
    } catch {
      /* already locked by an earlier pass */
    }
  };
  const thrower = (label: string, message: string): PropertyDescriptor => ({
    get() {
      throw new ReferenceError(`${label} is not available in a remixlet. ${message}`);
    },
  });

  const nativeCreate = URL.createObjectURL;
  const nativeRevoke = URL.revokeObjectURL;
  const NativeBlob = Blob;
  const NativeWorker = g.Worker as (new (url: string, options?: WorkerOptions) => Worker) | undefined;
  const nativeSetTimeout = setTimeout;
  const nativeSetInterval = setInterval;
  const nativeClearTimeout = clearTimeout;
  const nativeClearInterval = clearInterval;
  // Taken now: a Function.prototype.call replaced later would otherwise be handed the native timers.
  const apply = Reflect.apply;

  for (const [name, message] of Object.entries(config.replaced)) lockOn(g, name, thrower(name, message));
  for (const [name, message] of Object.entries(config.runtimeOnly)) lockOn(g, name, thrower(name, message));

  const nav = g.navigator as object | undefined;
  if (nav) for (const [name, message] of Object.entries(config.navigator)) lockOn(nav, name, thrower(`navigator.${name}`, message));

  // WebRTC is not covered by any CSP directive Chrome enforces, so its constructors go, however named.
  const rtc = new Set(config.webrtc);
  for (let o: object | null = g; o && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
    for (const name of Object.getOwnPropertyNames(o)) if (/^(webkit|moz)?RTC/.test(name)) rtc.add(name);
  }
  for (const name of rtc) lockOn(g, name, { value: undefined, writable: false });

  const timer = (native: (handler: () => void, ...rest: unknown[]) => unknown, repeats: boolean) =>
    function (this: unknown, handler: unknown, ...rest: unknown[]) {
      if (typeof handler !== 'function') throw new TypeError(config.stringTimer);
      const id = apply(native, g, [handler, ...rest]);
      if (hooks) hooks.set(id, Number(rest[0]) || 0, repeats);
      return id;
    };
  lockOn(g, 'setTimeout', { value: timer(nativeSetTimeout as never, false), writable: false });
  lockOn(g, 'setInterval', { value: timer(nativeSetInterval as never, true), writable: false });
  if (hooks) {
    const clear = (native: (id: unknown) => void) =>
      function (this: unknown, id: unknown) {
        apply(native, g, [id]);
        hooks.cleared(id);
      };
    lockOn(g, 'clearTimeout', { value: clear(nativeClearTimeout as never), writable: false });
    lockOn(g, 'clearInterval', { value: clear(nativeClearInterval as never), writable: false });
  }

  if (typeof NativeWorker === 'function') {
    // A worker gets this prelude ahead of its code, so only blobs made here (whose content is known) can start one.
    const blobs = new Map<string, Blob>();
    const createObjectURL = function createObjectURL(obj: Blob | MediaSource): string {
      const url = apply(nativeCreate, URL, [obj]) as string;
      if (obj instanceof NativeBlob) blobs.set(url, obj);
      return url;
    };
    const revokeObjectURL = function revokeObjectURL(url: string): void {
      blobs.delete(String(url));
      apply(nativeRevoke, URL, [url]);
    };
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, writable: false, configurable: false });
    Object.defineProperty(URL, 'revokeObjectURL', { value: revokeObjectURL, writable: false, configurable: false });
    const prelude = `(${config.source})(${JSON.stringify({ ...config, runtimeOnly: {} })});\n`;
    const RemixletWorker = function Worker(this: unknown, url: string | URL, options?: WorkerOptions) {
      if (!new.target) throw new TypeError("Failed to construct 'Worker': Please use the 'new' operator.");
      const blob = blobs.get(String(url));
      if (!blob) throw new TypeError(config.workerRefused);
      const withPrelude = apply(nativeCreate, URL, [new NativeBlob([prelude, blob], { type: 'text/javascript' })]) as string;
      const name = options && typeof options === 'object' && options.name !== undefined ? String(options.name) : '';
      return new NativeWorker(withPrelude, { name });
    };
    Object.defineProperty(RemixletWorker, 'prototype', { value: NativeWorker.prototype, writable: false });
    // Otherwise `worker.constructor` would hand back the native constructor, without the prelude.
    Object.defineProperty(NativeWorker.prototype, 'constructor', { value: RemixletWorker, writable: false, configurable: false });
    lockOn(g, 'Worker', { value: RemixletWorker, writable: false });
  }
}
