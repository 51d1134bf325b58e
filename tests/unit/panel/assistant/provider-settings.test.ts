// Provider settings keep each API key with the provider it was entered for (an OpenAI-compatible
// endpoint's, with its origin): choosing another provider finds no key, or that provider's own. Settings
// stored before, with one key for whichever provider was selected, keep that key for that provider only.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { apiKeyFor, loadProviderSettings, NO_KEYS, parseStoredSettings, saveProviderSettings, settingsProblem, withApiKey, type ProviderSettings } from '../../../../panel/assistant/settings';
import { panelDb } from '../../../../panel/panel-db';

const KEY = 'sk-entered-for-one-provider-000';
const base = (over: Partial<ProviderSettings>): ProviderSettings => ({ kind: 'openai', baseURL: '', keys: NO_KEYS, model: 'm', idleSeconds: 60, ...over });

describe('keys per provider', () => {
  it('a key entered for one provider is not the key of any other', () => {
    const keys = withApiKey(base({ kind: 'anthropic' }), KEY);
    expect(apiKeyFor(base({ kind: 'anthropic', keys }))).toBe(KEY);
    for (const kind of ['openai', 'google', 'chatgpt', 'openai-compatible'] as const) expect(apiKeyFor(base({ kind, baseURL: 'http://llm.test/v1', keys }))).toBe('');
  });

  it("an endpoint's key belongs to its origin: another host, port or scheme has none, another path the same", () => {
    const keys = withApiKey(base({ kind: 'openai-compatible', baseURL: 'http://llm.test:8080/v1' }), KEY);
    const at = (baseURL: string) => apiKeyFor(base({ kind: 'openai-compatible', baseURL, keys }));
    expect(at('http://llm.test:8080/other')).toBe(KEY);
    expect(at('http://llm.test:8081/v1')).toBe('');
    expect(at('https://llm.test:8080/v1')).toBe('');
    expect(at('http://evil.test:8080/v1')).toBe('');
    expect(at('not an address')).toBe('');
  });

  it('each provider keeps its own key when another is entered', () => {
    let keys = withApiKey(base({ kind: 'openai' }), 'k-openai');
    keys = withApiKey(base({ kind: 'google', keys }), 'k-google');
    keys = withApiKey(base({ kind: 'openai-compatible', baseURL: 'http://a.test/v1', keys }), 'k-a');
    keys = withApiKey(base({ kind: 'openai-compatible', baseURL: 'http://b.test/v1', keys }), 'k-b');
    expect([apiKeyFor(base({ kind: 'openai', keys })), apiKeyFor(base({ kind: 'google', keys })), apiKeyFor(base({ kind: 'anthropic', keys }))]).toEqual(['k-openai', 'k-google', '']);
    expect(apiKeyFor(base({ kind: 'openai-compatible', baseURL: 'http://a.test/', keys }))).toBe('k-a');
    expect(apiKeyFor(base({ kind: 'openai-compatible', baseURL: 'http://b.test/', keys }))).toBe('k-b');
  });

  it("asks for a key when the selected provider has none, even if another provider has one", () => {
    const keys = withApiKey(base({ kind: 'openai' }), KEY);
    expect(settingsProblem(base({ kind: 'anthropic', keys }))).toBe('Enter your Anthropic API key.');
    expect(settingsProblem(base({ kind: 'openai', keys }))).toBeUndefined();
  });
});

describe('settings stored with one key', () => {
  const old = { baseURL: 'http://llm.test:11434/v1', apiKey: KEY, model: 'm', idleSeconds: 30 };

  it.each(['openai', 'anthropic', 'google'] as const)('keep the key for %s, the provider selected when it was stored, and for no other', (kind) => {
    const read = parseStoredSettings({ kind, ...old });
    expect(read?.migrated).toBe(true);
    const s = read!.settings;
    expect(s).toMatchObject({ kind, baseURL: old.baseURL, model: 'm', idleSeconds: 30 });
    expect(apiKeyFor(s)).toBe(KEY);
    for (const other of ['openai', 'anthropic', 'google', 'openai-compatible'] as const) if (other !== kind) expect(apiKeyFor({ ...s, kind: other })).toBe('');
  });

  it("keep an endpoint's key for that endpoint's origin only", () => {
    const s = parseStoredSettings({ kind: 'openai-compatible', ...old })!.settings;
    expect(apiKeyFor(s)).toBe(KEY);
    expect(apiKeyFor({ ...s, baseURL: 'http://elsewhere.test/v1' })).toBe('');
    expect(apiKeyFor({ ...s, kind: 'openai' })).toBe('');
  });

  it('are rewritten in the new form when loaded, and load the same afterwards', async () => {
    await panelDb.settings.setItem('provider', { kind: 'google', ...old });
    const loaded = await loadProviderSettings();
    expect(apiKeyFor(loaded!)).toBe(KEY);
    const stored = (await panelDb.settings.getItem('provider')) as Record<string, unknown>;
    expect(stored).not.toHaveProperty('apiKey');
    expect(parseStoredSettings(stored)?.migrated).toBe(false);
    expect(await loadProviderSettings()).toEqual(loaded);
  });

  it('save and load keep every provider its own key', async () => {
    let keys = withApiKey(base({ kind: 'openai' }), 'k-openai');
    keys = withApiKey(base({ kind: 'openai-compatible', baseURL: 'http://a.test/v1', keys }), 'k-a');
    keys = withApiKey(base({ kind: 'openai-compatible', baseURL: 'http://b.test/v1', keys }), '');
    await saveProviderSettings(base({ kind: 'openai-compatible', baseURL: 'http://b.test/v1', keys }));
    const loaded = (await loadProviderSettings())!;
    expect(apiKeyFor(loaded)).toBe('');
    expect(apiKeyFor({ ...loaded, baseURL: 'http://a.test/v1' })).toBe('k-a');
    expect(apiKeyFor({ ...loaded, kind: 'openai' })).toBe('k-openai');
  });
});
