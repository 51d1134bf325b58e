// Context: side panel. The fetch the AI SDK uses for a ChatGPT account: the panel has no token, so every
// request goes to the worker (ui.chatgptRelay), which adds the sign-in and sends it to OpenAI only. This
// side sends no authorization (the SDK's placeholder key is dropped here), and adapts the Responses API
// body to what the Codex backend takes: system text as `instructions`, `store: false`, always streamed,
// no `max_output_tokens`, no stored item ids. Those adaptations follow what other Codex-backend clients
// do (opencode-openai-codex-auth's request transformer, the Codex CLI); they are not documented by OpenAI.
// A request the SDK wanted unstreamed (generateText) gets the final `response.completed` object as JSON.
import type { ChatGptRelayRequest, UiSpec } from '../../contracts/boundaries/panel-worker';
import type { ClientOf } from '../../contracts/rpc';
import { asRefusal } from '../../contracts/trpc-errors';

export const CODEX_BASE = 'https://chatgpt.com/backend-api/codex';
/** What the AI SDK puts in its Authorization header; relayFetch drops it, the worker adds the real one. */
export const SIGNED_IN_THROUGH_WORKER = 'signed-in-through-worker';

/** A refusal from the worker (not signed in, renewal failed, address refused): its text is for the person. */
export class ChatGptRelayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChatGptRelayError';
  }
}

type InputItem = { type?: string; role?: string; id?: string; content?: unknown };

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((c) => (c && typeof c === 'object' && typeof (c as { text?: unknown }).text === 'string' ? (c as { text: string }).text : '')).join('\n');
  return '';
}

/** The Codex backend's form of a Responses API body, and whether the SDK asked for a stream. */
export function codexBody(raw: string): { body: string; streamed: boolean } {
  const body = JSON.parse(raw) as Record<string, unknown> & { input?: InputItem[]; instructions?: string };
  const streamed = body.stream === true;
  const system: string[] = [];
  const input: InputItem[] = [];
  for (const item of body.input ?? []) {
    if (item.role === 'system' || item.role === 'developer') {
      system.push(textOf(item.content));
      continue;
    }
    if (item.type === 'item_reference') continue;
    const { id: _id, ...rest } = item;
    input.push(rest);
  }
  body.input = input;
  body.instructions = [body.instructions, ...system].filter(Boolean).join('\n\n') || 'You are a helpful assistant.';
  body.store = false;
  body.stream = true;
  delete body.max_output_tokens;
  return { body: JSON.stringify(body), streamed };
}

/** The final response object out of a Responses API event stream, or undefined. */
export function completedResponse(sse: string): unknown {
  let found: unknown;
  for (const line of sse.split(/\r?\n/)) {
    if (!line.startsWith('data:')) continue;
    const data = line.slice(5).trim();
    if (!data || data === '[DONE]') continue;
    try {
      const event = JSON.parse(data) as { type?: string; response?: unknown };
      if ((event.type === 'response.completed' || event.type === 'response.done') && event.response) found = event.response;
    } catch {
      // not JSON: not an event we need
    }
  }
  return found;
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

export function relayFetch(client: () => ClientOf<UiSpec>): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'POST') throw new ChatGptRelayError('Remixlet sends only GET and POST requests to ChatGPT.');
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      // No authorization of any kind leaves the panel: the worker adds the sign-in.
      if (name === 'content-type' || name === 'accept') headers[name] = value;
    });
    let body: string | undefined;
    let streamed = true;
    if (typeof init?.body === 'string') ({ body, streamed } = codexBody(init.body));
    headers.accept = 'text/event-stream';
    const req: ChatGptRelayRequest = { url: urlOf(input), method, headers, ...(body !== undefined ? { body } : {}) };
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) throw signal.reason;

    const response = await new Promise<Response>((resolve, reject) => {
      let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
      let headed = false;
      let done = false;
      const encoder = new TextEncoder();
      const live: { sub?: { unsubscribe(): void } } = {};
      const finish = () => {
        done = true;
        live.sub?.unsubscribe();
        signal?.removeEventListener('abort', onAbort);
      };
      const failWith = (error: unknown) => {
        if (done) return;
        finish();
        if (!headed) reject(error);
        else controller?.error(error);
      };
      const onAbort = () => failWith(signal?.reason ?? new DOMException('stopped', 'AbortError'));
      signal?.addEventListener('abort', onAbort, { once: true });
      const stream = new ReadableStream<Uint8Array>({
        start: (c) => {
          controller = c;
        },
        cancel: () => finish(),
      });
      live.sub = client().chatgptRelay(req, {
        onData: (event) => {
          if (done) return;
          if (event.kind === 'head') {
            headed = true;
            resolve(new Response(stream, { status: event.status, headers: event.headers }));
          } else if (event.kind === 'chunk') {
            controller?.enqueue(encoder.encode(event.text));
          } else {
            finish();
            controller?.close();
          }
        },
        onError: (e) => failWith(new ChatGptRelayError(asRefusal(e).reason)),
        onStopped: () => failWith(new ChatGptRelayError('The connection to the extension broke off. Send again.')),
      });
      if (done) live.sub.unsubscribe();
    });
    if (streamed || !response.ok) return response;
    const final = completedResponse(await response.text());
    if (final === undefined) {
      return new Response(JSON.stringify({ error: { message: 'ChatGPT sent no complete answer.', type: 'invalid_response' } }), { status: 502, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify(final), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}
