// Context: side panel. The person's provider settings, kept in the panel's own IndexedDB (localforage):
// each API key is stored with the provider it was entered for (an OpenAI-compatible endpoint's, with that
// endpoint's origin) and is only ever looked up for that provider, so switching providers or endpoints
// never sends one provider's key to another. A ChatGPT account has no key here: the worker keeps its
// sign-in (worker/chatgpt/), and the panel never sees it. Trusts nothing stored: every read is parsed.
import { panelDb } from '../panel-db';
import { z } from 'zod';

export const PROVIDER_KINDS = ['openai-compatible', 'openai', 'anthropic', 'google', 'chatgpt'] as const;
export const ProviderKind = z.enum(PROVIDER_KINDS);
export type ProviderKind = z.infer<typeof ProviderKind>;

export const PROVIDER_LABEL: Record<ProviderKind, string> = {
  'openai-compatible': 'OpenAI-compatible endpoint (e.g. Ollama, LM Studio)',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google (Gemini)',
  chatgpt: 'ChatGPT account (sign in)',
};

const Key = z.string().max(500);
/** Most OpenAI-compatible endpoints a person keeps keys for; past this the oldest key is dropped. */
const MAX_ENDPOINT_KEYS = 20;

/** One key per provider; OpenAI-compatible endpoints each have their own, by origin (scheme, host, port). */
export const ProviderKeys = z
  .object({
    openai: Key.default(''),
    anthropic: Key.default(''),
    google: Key.default(''),
    compatible: z.record(z.string().max(600), Key).refine((r) => Object.keys(r).length <= MAX_ENDPOINT_KEYS, 'too many endpoint keys').default({}),
  })
  .strict();
export type ProviderKeys = z.infer<typeof ProviderKeys>;

export const NO_KEYS: ProviderKeys = Object.freeze({ openai: '', anthropic: '', google: '', compatible: Object.freeze({}) as Record<string, string> });

/** What every form of the stored settings has besides its key or keys. */
const SETTINGS_FIELDS = {
  kind: ProviderKind,
  baseURL: z.string().max(500).default(''),
  model: z.string().min(1).max(200),
  idleSeconds: z.number().int().min(2).max(600).default(60),
};

export const ProviderSettings = z.object({ ...SETTINGS_FIELDS, keys: ProviderKeys.default(NO_KEYS) }).strict();
export type ProviderSettings = z.infer<typeof ProviderSettings>;

/** How settings were stored before keys were kept per provider: one key, for whichever provider was selected. */
const SingleKeySettings = z.object({ ...SETTINGS_FIELDS, apiKey: Key.default('') }).strict();

export const DEFAULT_MODEL: Record<ProviderKind, string> = {
  'openai-compatible': 'llama3.1',
  openai: 'gpt-4.1',
  anthropic: 'claude-sonnet-4-5',
  google: 'gemini-2.5-pro',
  chatgpt: 'gpt-5',
};

/** Whether the provider takes an API key typed into the panel (a ChatGPT account signs in instead). */
export function usesApiKey(kind: ProviderKind): boolean {
  return kind !== 'chatgpt';
}

/**
 * Which endpoint an OpenAI-compatible key belongs to: the address's origin, so a key follows the server
 * and not its path. An address that is not http(s) keeps its own text: no request can be made to it
 * (settingsProblem), and its key is found under no real origin.
 */
export function endpointOrigin(baseURL: string): string {
  try {
    const url = new URL(baseURL.trim());
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // Not an address yet (the person may still be typing it).
  }
  return `unparsed:${baseURL.trim()}`;
}

/** The key for the selected provider (and endpoint): the only key a request to it may carry. */
export function apiKeyFor(s: Pick<ProviderSettings, 'kind' | 'baseURL' | 'keys'>): string {
  switch (s.kind) {
    case 'openai-compatible':
    {
      const origin = endpointOrigin(s.baseURL);
      return Object.hasOwn(s.keys.compatible, origin) ? (s.keys.compatible[origin] ?? '') : '';
    }
    case 'openai':
    case 'anthropic':
    case 'google':
      return s.keys[s.kind];
    case 'chatgpt':
      return '';
  }
}

/** The keys with `key` stored for the selected provider (and endpoint); a ChatGPT account keeps none. */
export function withApiKey(s: Pick<ProviderSettings, 'kind' | 'baseURL' | 'keys'>, key: string): ProviderKeys {
  switch (s.kind) {
    case 'openai-compatible': {
      const origin = endpointOrigin(s.baseURL);
      const others = Object.entries(s.keys.compatible).filter(([o]) => o !== origin);
      return { ...s.keys, compatible: Object.fromEntries([...others, ...(key ? [[origin, key]] : [])].slice(-MAX_ENDPOINT_KEYS)) };
    }
    case 'openai':
    case 'anthropic':
    case 'google':
      return { ...s.keys, [s.kind]: key };
    case 'chatgpt':
      return s.keys;
  }
}

/** Settings stored with one key: the key belongs to the provider (and endpoint) selected when it was stored. */
function fromSingleKey(old: z.infer<typeof SingleKeySettings>): ProviderSettings {
  const { apiKey, ...rest } = old;
  return { ...rest, keys: withApiKey({ kind: old.kind, baseURL: old.baseURL, keys: NO_KEYS }, apiKey.trim()) };
}

/** Reads stored settings in either form; undefined when there are none or they do not parse. */
export function parseStoredSettings(raw: unknown): { settings: ProviderSettings; migrated: boolean } | undefined {
  const current = ProviderSettings.safeParse(raw);
  if (current.success) return { settings: current.data, migrated: false };
  const old = SingleKeySettings.safeParse(raw);
  return old.success ? { settings: fromSingleKey(old.data), migrated: true } : undefined;
}

const store = panelDb.settings;

export async function loadProviderSettings(): Promise<ProviderSettings | undefined> {
  const read = parseStoredSettings(await store.getItem('provider'));
  // Rewritten at once, so the single key never sits in storage without saying whose it is.
  if (read?.migrated) await saveProviderSettings(read.settings);
  return read?.settings;
}

export async function saveProviderSettings(s: ProviderSettings): Promise<void> {
  const keys = ProviderKeys.parse(s.keys);
  // An endpoint whose key was cleared keeps no empty entry.
  const compatible = Object.fromEntries(Object.entries(keys.compatible).filter(([, k]) => k.trim()));
  await store.setItem('provider', ProviderSettings.parse({ ...s, keys: { ...keys, compatible } }));
}

/** Why these settings cannot be used yet, in words for the person; undefined when they can. */
export function settingsProblem(s: ProviderSettings): string | undefined {
  if (s.kind === 'openai-compatible') {
    try {
      const url = new URL(s.baseURL);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'The endpoint address must start with http:// or https://.';
    } catch {
      return 'Enter the endpoint address, e.g. http://localhost:11434/v1 for Ollama.';
    }
  } else if (usesApiKey(s.kind) && !apiKeyFor(s).trim()) {
    return `Enter your ${PROVIDER_LABEL[s.kind]} API key.`;
  }
  if (!s.model.trim()) return 'Enter a model name.';
  return undefined;
}
