// Context: background service worker. Sends the panel's model requests to the Codex backend with the
// ChatGPT sign-in, which the panel never holds. Trusts nothing in the request: the address must be under the
// fixed OpenAI base (after the URL parser has normalised it), only a content type and accept header are
// passed on, and the worker adds the bearer token and account id itself. No cookies, no redirects (a
// redirect could carry the token elsewhere), no referrer. The answer goes back as its status, content type
// and body text; a refusal carries fixed text, never a token.
import type { ChatGptRelayEvent, ChatGptRelayRequest } from '../../contracts/boundaries/panel-worker';
import { RemixletRefusal } from '../../contracts/refusals';
import type { SubscriptionSource } from '../../contracts/rpc';
import { CODEX_BASE, ORIGINATOR } from './config';
import { currentAccess, net, type Access } from './account';

/** The request's address if it is under the Codex base (same origin, path inside it, no credentials). */
export function codexAddress(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RemixletRefusal('CHATGPT_ADDRESS_REFUSED', 'The ChatGPT model address is not a valid address.');
  }
  const base = new URL(CODEX_BASE);
  const inside = url.origin === base.origin && url.pathname.startsWith(`${base.pathname}/`) && !url.username && !url.password;
  if (!inside) throw new RemixletRefusal('CHATGPT_ADDRESS_REFUSED', `The ChatGPT sign-in is sent only to ${CODEX_BASE}/; this request went elsewhere.`);
  return url;
}

const PASSED_ON = ['content-type', 'accept'];
const RETURNED = ['content-type', 'retry-after'];

function send(url: URL, req: ChatGptRelayRequest, access: Access, signal: AbortSignal): Promise<Response> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (PASSED_ON.includes(name.toLowerCase())) headers.set(name, value);
  headers.set('authorization', `Bearer ${access.accessToken}`);
  if (access.accountId) headers.set('chatgpt-account-id', access.accountId);
  headers.set('openai-beta', 'responses=experimental');
  headers.set('originator', ORIGINATOR);
  return net.fetch(url.href, {
    method: req.method,
    headers,
    ...(req.body !== undefined && req.method !== 'GET' ? { body: req.body } : {}),
    credentials: 'omit',
    redirect: 'error',
    referrerPolicy: 'no-referrer',
    cache: 'no-store',
    signal,
  });
}

export function relay(req: ChatGptRelayRequest): SubscriptionSource<ChatGptRelayEvent> {
  return (emit, fail) => {
    const abort = new AbortController();
    const run = async () => {
      const url = codexAddress(req.url);
      let access = await currentAccess();
      let res = await send(url, req, access, abort.signal).catch(unreachable(abort));
      if (res.status === 401) {
        // Once: renew (unless another call already did) and send again.
        await res.body?.cancel().catch(() => undefined);
        access = await currentAccess(access.accessToken);
        res = await send(url, req, access, abort.signal).catch(unreachable(abort));
      }
      const headers: Record<string, string> = {};
      for (const name of RETURNED) {
        const value = res.headers.get(name);
        if (value) headers[name] = value.slice(0, 1000);
      }
      emit({ kind: 'head', status: res.status, headers });
      if (res.body) {
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          const text = decoder.decode(value, { stream: true });
          if (text) emit({ kind: 'chunk', text });
        }
        const tail = decoder.decode();
        if (tail) emit({ kind: 'chunk', text: tail });
      }
      emit({ kind: 'end' });
    };
    run().catch((e: unknown) => {
      if (abort.signal.aborted) return;
      fail(e instanceof RemixletRefusal ? e : new RemixletRefusal('INTERNAL', 'The answer from chatgpt.com broke off.'));
    });
    return () => abort.abort();
  };
}

function unreachable(abort: AbortController) {
  return (): never => {
    if (abort.signal.aborted) throw new RemixletRefusal('INTERNAL', 'Stopped.');
    throw new RemixletRefusal('INTERNAL', 'Cannot reach chatgpt.com. Check the connection, then send again.');
  };
}
