// Context: side panel. The person's provider settings, kept in the panel's own IndexedDB (localforage):
// the API key never leaves the panel except in requests to the provider it was entered for. A ChatGPT
// account has no key here: the worker keeps its sign-in (worker/chatgpt/), and the panel never sees it.
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

export const ProviderSettings = z
  .object({
    kind: ProviderKind,
    baseURL: z.string().max(500).default(''),
    apiKey: z.string().max(500).default(''),
    model: z.string().min(1).max(200),
    idleSeconds: z.number().int().min(2).max(600).default(60),
  })
  .strict();
export type ProviderSettings = z.infer<typeof ProviderSettings>;

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

const store = panelDb.settings;

export async function loadProviderSettings(): Promise<ProviderSettings | undefined> {
  const parsed = ProviderSettings.safeParse(await store.getItem('provider'));
  return parsed.success ? parsed.data : undefined;
}

export async function saveProviderSettings(s: ProviderSettings): Promise<void> {
  await store.setItem('provider', ProviderSettings.parse(s));
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
  } else if (usesApiKey(s.kind) && !s.apiKey.trim()) {
    return `Enter your ${PROVIDER_LABEL[s.kind]} API key.`;
  }
  if (!s.model.trim()) return 'Enter a model name.';
  return undefined;
}
