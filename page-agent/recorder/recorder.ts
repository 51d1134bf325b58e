// Context: the page's MAIN world (the page's own JavaScript realm), injected at document_start on the
// sites of remixlets that hold a network:observe: permission. It trusts nothing and nothing trusts it: the
// page can read, replace or forge anything here, so the worker treats what it reports as untrusted data.
// It only watches: it wraps fetch and XMLHttpRequest to copy the responses the page receives from the
// observed hosts (bounded, bodies capped), and never changes a request or a response. Its settings arrive
// from the relay as a message (data, never code); until then it keeps a few early responses.
import { RECORDER_WINDOW_TAG as TAG } from '../../contracts/boundaries/recorder-tags';

interface Entry {
  via: 'fetch' | 'xhr';
  url: string;
  method: string;
  status: number;
  contentType: string;
  body: string;
  truncated: boolean;
  at: number;
}
interface Settings {
  hosts: string[];
  maxBodyChars: number;
  maxEntries: number;
}

const EARLY_ENTRIES = 20;
const DEFAULT_BODY_CHARS = 64 * 1024;
const TEXTUAL = /json|text|xml|javascript|x-www-form-urlencoded/i;

(() => {
  const marker = Symbol.for(TAG);
  const w = window as unknown as Record<symbol, unknown>;
  if (w[marker]) return;
  Object.defineProperty(w, marker, { value: true });

  // Taken before any page script runs, so later changes to these globals do not reach the recorder.
  const post = window.postMessage.bind(window);
  const addListener = EventTarget.prototype.addEventListener;
  const origin = location.origin;
  let settings: Settings | undefined;
  const early: Entry[] = [];

  const portOf = (u: URL) => u.port || (u.protocol === 'https:' ? '443' : '80');
  const observed = (u: URL): boolean => {
    if (!settings) return early.length < EARLY_ENTRIES;
    return settings.hosts.some((h) => {
      const colon = h.lastIndexOf(':');
      return colon === -1 ? u.hostname === h : u.hostname === h.slice(0, colon) && portOf(u) === h.slice(colon + 1);
    });
  };
  const send = (entry: Entry) => {
    if (!settings) {
      if (early.length < EARLY_ENTRIES) early.push(entry);
      return;
    }
    let url: URL;
    try {
      url = new URL(entry.url);
    } catch {
      return;
    }
    if (observed(url)) post({ [TAG]: 'entry', entry }, origin);
  };

  addListener.call(window, 'message', ((e: MessageEvent) => {
    const d = e.data as { [TAG]?: unknown; settings?: Partial<Settings> } | null;
    if (settings || e.origin !== origin || !d || d[TAG] !== 'settings' || !d.settings) return;
    const s = d.settings;
    if (!Array.isArray(s.hosts) || !s.hosts.every((h) => typeof h === 'string')) return;
    settings = {
      hosts: s.hosts.slice(0, 50),
      maxBodyChars: typeof s.maxBodyChars === 'number' ? Math.min(s.maxBodyChars, DEFAULT_BODY_CHARS) : DEFAULT_BODY_CHARS,
      maxEntries: typeof s.maxEntries === 'number' ? s.maxEntries : EARLY_ENTRIES,
    };
    for (const entry of early.splice(0)) send(entry);
  }) as EventListener);

  const cap = () => settings?.maxBodyChars ?? DEFAULT_BODY_CHARS;
  const clip = (text: string) => ({ body: text.slice(0, cap()), truncated: text.length > cap() });

  async function readClone(res: Response): Promise<{ body: string; truncated: boolean }> {
    if (!TEXTUAL.test(res.headers.get('content-type') ?? '') || !res.body) return { body: '', truncated: !!res.body };
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { body: text + decoder.decode(), truncated: false };
      text += decoder.decode(value, { stream: true });
      if (text.length > cap()) {
        void reader.cancel().catch(() => undefined);
        return clip(text);
      }
    }
  }

  const nativeFetch = window.fetch;
  window.fetch = new Proxy(nativeFetch, {
    apply(target, thisArg, args: Parameters<typeof fetch>) {
      const answer = Reflect.apply(target, thisArg, args) as Promise<Response>;
      try {
        const input = args[0];
        const asked = new URL(input instanceof Request ? input.url : String(input), document.baseURI);
        const method = (args[1]?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
        if (observed(asked)) {
          // The clone is taken before the page's own handlers run, so the page's body is untouched.
          answer
            .then(async (res) => {
              const copy = res.clone();
              const { body, truncated } = await readClone(copy);
              send({ via: 'fetch', url: res.url || asked.href, method, status: res.status, contentType: (res.headers.get('content-type') ?? '').slice(0, 200), body, truncated, at: Date.now() });
            })
            .catch(() => undefined);
        }
      } catch {
        /* never let the recorder change what the page's call does */
      }
      return answer;
    },
  });

  const proto = XMLHttpRequest.prototype;
  const asked = new WeakMap<XMLHttpRequest, { method: string; url: string }>();
  proto.open = new Proxy(proto.open, {
    apply(target, xhr: XMLHttpRequest, args: unknown[]) {
      try {
        asked.set(xhr, { method: String(args[0]).toUpperCase(), url: new URL(String(args[1]), document.baseURI).href });
      } catch {
        /* as above */
      }
      return Reflect.apply(target, xhr, args);
    },
  });
  proto.send = new Proxy(proto.send, {
    apply(target, xhr: XMLHttpRequest, args: unknown[]) {
      try {
        const meta = asked.get(xhr);
        if (meta && observed(new URL(meta.url))) {
          addListener.call(xhr, 'loadend', () => {
            try {
              const type = xhr.responseType;
              const text = type === '' || type === 'text' ? xhr.responseText : type === 'json' ? JSON.stringify(xhr.response) ?? '' : '';
              const { body, truncated } = clip(text);
              send({ via: 'xhr', url: xhr.responseURL || meta.url, method: meta.method, status: xhr.status, contentType: (xhr.getResponseHeader('content-type') ?? '').slice(0, 200), body, truncated, at: Date.now() });
            } catch {
              /* as above */
            }
          });
        }
      } catch {
        /* as above */
      }
      return Reflect.apply(target, xhr, args);
    },
  });
})();
