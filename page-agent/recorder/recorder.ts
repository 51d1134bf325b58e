// Context: the page's MAIN world (the page's own JavaScript realm), injected at document_start on the
// sites of remixlets that hold a network:observe: permission. It trusts nothing and nothing trusts it: the
// page can read, replace or forge anything here, so the worker treats what it reports as untrusted data.
// It only watches: it wraps fetch and XMLHttpRequest to copy the responses the page receives (bounded,
// bodies capped), and never changes a request or a response. It is given no settings and no host list:
// anything handed to this world is readable by the page, which would learn what the person's remixlets
// watch. It reports every response within fixed limits, and the relay (isolated world) keeps only those
// from observed hosts, so all the page can learn here is that a recorder exists.
import { RECORDER_WINDOW_TAG as TAG } from '../../contracts/boundaries/recorder-tags';
import { SERVICE_LIMITS } from '../../contracts/boundaries/service-limits';

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
const BODY_CHARS = SERVICE_LIMITS.observeBodyChars;
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

  const send = (entry: Entry) => post({ [TAG]: 'entry', entry }, origin);
  const clip = (text: string) => ({ body: text.slice(0, BODY_CHARS), truncated: text.length > BODY_CHARS });

  async function readBody(res: Response): Promise<{ body: string; truncated: boolean }> {
    // Only a textual body is copied: an unread clone of a large binary body would be held in memory.
    if (!TEXTUAL.test(res.headers.get('content-type') ?? '') || !res.body) return { body: '', truncated: !!res.body };
    const copy = res.clone();
    if (!copy.body) return { body: '', truncated: false };
    const reader = copy.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { body: text + decoder.decode(), truncated: false };
      text += decoder.decode(value, { stream: true });
      if (text.length > BODY_CHARS) {
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
        // The clone is taken before the page's own handlers run, so the page's body is untouched.
        answer
          .then(async (res) => {
            const { body, truncated } = await readBody(res);
            send({ via: 'fetch', url: res.url || asked.href, method, status: res.status, contentType: (res.headers.get('content-type') ?? '').slice(0, 200), body, truncated, at: Date.now() });
          })
          .catch(() => undefined);
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
        if (meta) {
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
