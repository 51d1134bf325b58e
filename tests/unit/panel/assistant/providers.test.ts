// Each provider's key goes only to that provider, in a header, never in an address: OpenAI, Anthropic
// and Google use their own fixed hosts; an OpenAI-compatible endpoint gets a key only if one was entered
// for its origin; a key entered for one provider is never sent to another.
import { describe, expect, it } from 'vitest';
import { generateText } from 'ai';
import { languageModel } from '../../../../panel/assistant/providers';
import { NO_KEYS, withApiKey, type ProviderKeys, type ProviderSettings } from '../../../../panel/assistant/settings';

const KEY = 'k-1234567890-secret';

function recordingFetch(reply: unknown) {
  const seen: Array<{ url: string; headers: Record<string, string> }> = [];
  const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ url: String(input), headers: Object.fromEntries(new Headers(init?.headers).entries()) });
    return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { f, seen };
}

// A ChatGPT account has no key in the panel; its relay is tested in tests/unit/panel/assistant/chatgpt-relay.test.ts.
const REPLIES: Record<Exclude<ProviderSettings['kind'], 'chatgpt'>, unknown> = {
  'openai-compatible': { id: 'x', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'OK' }, finish_reason: 'stop' }] },
  openai: { id: 'r', object: 'response', created_at: 1, model: 'm', status: 'completed', output: [{ type: 'message', id: 'm1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'OK', annotations: [] }] }], usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } },
  anthropic: { id: 'msg', type: 'message', role: 'assistant', model: 'm', content: [{ type: 'text', text: 'OK' }], stop_reason: 'end_turn', usage: { input_tokens: 1, output_tokens: 1 } },
  google: { candidates: [{ content: { role: 'model', parts: [{ text: 'OK' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1 } },
};

const settings = (kind: ProviderSettings['kind'], baseURL: string, keys: ProviderKeys): ProviderSettings => ({ kind, baseURL, keys, model: 'm', idleSeconds: 60 });
const keyFor = (kind: ProviderSettings['kind'], baseURL: string, key: string) => withApiKey({ kind, baseURL, keys: NO_KEYS }, key);

describe('languageModel', () => {
  it.each([
    ['openai', 'api.openai.com', (h: Record<string, string>) => h.authorization === `Bearer ${KEY}`],
    ['anthropic', 'api.anthropic.com', (h: Record<string, string>) => h['x-api-key'] === KEY],
    ['google', 'generativelanguage.googleapis.com', (h: Record<string, string>) => h['x-goog-api-key'] === KEY],
    ['openai-compatible', 'llm.local.test:8080', (h: Record<string, string>) => h.authorization === `Bearer ${KEY}`],
  ] as const)('%s sends the key only to %s, in a header', async (kind, host, carriesKey) => {
    const { f, seen } = recordingFetch(REPLIES[kind]);
    const s = settings(kind, 'http://llm.local.test:8080/v1/', keyFor(kind, 'http://llm.local.test:8080/v1/', KEY));
    const r = await generateText({ model: languageModel(s, f), prompt: 'hi', maxRetries: 0 });
    expect(r.text).toBe('OK');
    expect(seen).toHaveLength(1);
    expect(new URL(seen[0]!.url).host).toBe(host);
    expect(seen[0]!.url).not.toContain(KEY);
    expect(carriesKey(seen[0]!.headers)).toBe(true);
  });

  it('sends no Authorization to an OpenAI-compatible endpoint without a key', async () => {
    const { f, seen } = recordingFetch(REPLIES['openai-compatible']);
    await generateText({ model: languageModel(settings('openai-compatible', 'http://localhost:11434/v1', NO_KEYS), f), prompt: 'hi', maxRetries: 0 });
    expect(seen[0]!.url).toBe('http://localhost:11434/v1/chat/completions');
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('ignores an endpoint address for the fixed providers', async () => {
    const { f, seen } = recordingFetch(REPLIES.openai);
    await generateText({ model: languageModel(settings('openai', 'http://attacker.example/v1', keyFor('openai', '', KEY)), f), prompt: 'hi', maxRetries: 0 });
    expect(new URL(seen[0]!.url).host).toBe('api.openai.com');
  });

  it.each(['openai', 'anthropic', 'google'] as const)('sends a key entered for %s to no OpenAI-compatible endpoint chosen afterwards', async (kind) => {
    const { f, seen } = recordingFetch(REPLIES['openai-compatible']);
    const s = settings('openai-compatible', 'http://llm.local.test:8080/v1', keyFor(kind, 'http://llm.local.test:8080/v1', KEY));
    await generateText({ model: languageModel(s, f), prompt: 'hi', maxRetries: 0 });
    expect(seen).toHaveLength(1);
    expect(JSON.stringify(seen[0])).not.toContain(KEY);
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it("sends an endpoint's key to no other endpoint, nor to another port of the same host, nor to the fixed providers", async () => {
    const keys = keyFor('openai-compatible', 'http://llm.local.test:8080/v1', KEY);
    for (const [kind, baseURL] of [
      ['openai-compatible', 'http://other.test:8080/v1'],
      ['openai-compatible', 'http://llm.local.test:8081/v1'],
      ['openai-compatible', 'https://llm.local.test:8080/v1'],
      ['openai', 'http://llm.local.test:8080/v1'],
      ['anthropic', 'http://llm.local.test:8080/v1'],
      ['google', 'http://llm.local.test:8080/v1'],
    ] as const) {
      const { f, seen } = recordingFetch(REPLIES[kind]);
      await generateText({ model: languageModel(settings(kind, baseURL, keys), f), prompt: 'hi', maxRetries: 0 });
      expect(JSON.stringify(seen), `${kind} ${baseURL}`).not.toContain(KEY);
    }
    // The same endpoint under another path still gets its own key.
    const { f, seen } = recordingFetch(REPLIES['openai-compatible']);
    await generateText({ model: languageModel(settings('openai-compatible', 'http://llm.local.test:8080/api/v1', keys), f), prompt: 'hi', maxRetries: 0 });
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });
});
