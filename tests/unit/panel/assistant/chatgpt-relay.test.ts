// The panel's side of a ChatGPT account: the AI SDK's requests go to the worker without any authorization,
// the body is the Codex backend's form (instructions, store: false, streamed, no stored ids), an unstreamed
// call gets the final response as JSON, and a worker refusal reaches the person as its text.
import { describe, expect, it } from 'vitest';
import { generateText } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { codexBody, completedResponse, CODEX_BASE, relayFetch, SIGNED_IN_THROUGH_WORKER } from '../../../../panel/assistant/chatgpt-relay';
import { describeError } from '../../../../panel/assistant/errors';
import { RemixletRefusal } from '../../../../contracts/refusals';
import type { ChatGptRelayEvent, ChatGptRelayRequest, UiSpec } from '../../../../contracts/boundaries/panel-worker';
import type { ClientOf, Subscriber } from '../../../../contracts/rpc';

const completed = { id: 'r1', object: 'response', created_at: 1, model: 'gpt-5', status: 'completed', output: [{ type: 'message', id: 'm1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'OK', annotations: [] }] }], usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } };
const SSE = [
  { type: 'response.created', response: { id: 'r1', created_at: 1, model: 'gpt-5' } },
  { type: 'response.output_item.added', output_index: 0, item: { type: 'message', id: 'm1' } },
  { type: 'response.output_text.delta', item_id: 'm1', output_index: 0, content_index: 0, delta: 'OK' },
  { type: 'response.output_item.done', output_index: 0, item: { type: 'message', id: 'm1' } },
  { type: 'response.completed', response: completed },
]
  .map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`)
  .join('');

function fakeWorker(answer: (req: ChatGptRelayRequest, s: Subscriber<ChatGptRelayEvent>) => void) {
  const requests: ChatGptRelayRequest[] = [];
  const client = {
    chatgptRelay: (req: ChatGptRelayRequest, s: Subscriber<ChatGptRelayEvent>) => {
      requests.push(req);
      setTimeout(() => answer(req, s), 1);
      return { unsubscribe: () => undefined };
    },
  } as unknown as ClientOf<UiSpec>;
  return { client: () => client, requests };
}

const streams = (text: string) => (_r: ChatGptRelayRequest, s: Subscriber<ChatGptRelayEvent>) => {
  s.onData({ kind: 'head', status: 200, headers: { 'content-type': 'text/event-stream' } });
  for (let i = 0; i < text.length; i += 50) s.onData({ kind: 'chunk', text: text.slice(i, i + 50) });
  s.onData({ kind: 'end' });
};

describe('codexBody', () => {
  it('moves system text to instructions, keeps nothing stored, always streams, drops ids and max_output_tokens', () => {
    const { body, streamed } = codexBody(
      JSON.stringify({
        model: 'gpt-5',
        max_output_tokens: 16,
        input: [
          { role: 'developer', content: 'You are Remixlet.' },
          { role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
          { type: 'item_reference', id: 'rs_1' },
          { role: 'assistant', id: 'msg_1', content: [{ type: 'output_text', text: 'hello' }] },
          { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'outline_page', arguments: '{}' },
          { type: 'function_call_output', call_id: 'call_1', output: 'x' },
        ],
      }),
    );
    expect(streamed).toBe(false);
    expect(JSON.parse(body)).toEqual({
      model: 'gpt-5',
      instructions: 'You are Remixlet.',
      store: false,
      stream: true,
      input: [
        { role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
        { role: 'assistant', content: [{ type: 'output_text', text: 'hello' }] },
        { type: 'function_call', call_id: 'call_1', name: 'outline_page', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'x' },
      ],
    });
  });

  it('finds the final response in an event stream', () => {
    expect(completedResponse(SSE)).toEqual(completed);
    expect(completedResponse('data: [DONE]\n\n')).toBeUndefined();
  });
});

describe('relayFetch', () => {
  it('sends the request to the worker without any authorization; an unstreamed call gets the final response', async () => {
    const w = fakeWorker(streams(SSE));
    const model = createOpenAI({ baseURL: CODEX_BASE, apiKey: SIGNED_IN_THROUGH_WORKER, fetch: relayFetch(w.client) }).responses('gpt-5');
    const r = await generateText({ model, system: 'Be brief.', prompt: 'Say OK', maxRetries: 0, providerOptions: { openai: { store: false } } });
    expect(r.text).toBe('OK');
    expect(w.requests).toHaveLength(1);
    const sent = w.requests[0]!;
    expect(sent.url).toBe('https://chatgpt.com/backend-api/codex/responses');
    expect(Object.keys(sent.headers).sort()).toEqual(['accept', 'content-type']);
    expect(JSON.stringify(sent)).not.toContain(SIGNED_IN_THROUGH_WORKER);
    expect(JSON.parse(sent.body!)).toMatchObject({ instructions: 'Be brief.', store: false, stream: true });
  });

  it("turns the worker's refusal into the person's sentence", async () => {
    const w = fakeWorker((_r, s) => s.onError?.(new RemixletRefusal('CHATGPT_SIGNED_OUT', 'No ChatGPT account is signed in.')));
    const model = createOpenAI({ baseURL: CODEX_BASE, apiKey: SIGNED_IN_THROUGH_WORKER, fetch: relayFetch(w.client) }).responses('gpt-5');
    const error = await generateText({ model, prompt: 'hi', maxRetries: 0 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(describeError(error)).toBe('No ChatGPT account is signed in.');
  });

  it('stops the worker request when the call is aborted', async () => {
    let unsubscribed = false;
    const client = { chatgptRelay: () => ({ unsubscribe: () => (unsubscribed = true) }) } as unknown as ClientOf<UiSpec>;
    const abort = new AbortController();
    const pending = relayFetch(() => client)(`${CODEX_BASE}/responses`, { method: 'POST', body: '{"stream":true}', signal: abort.signal });
    abort.abort(new DOMException('stopped', 'AbortError'));
    await expect(pending).rejects.toThrow('stopped');
    expect(unsubscribed).toBe(true);
  });
});
