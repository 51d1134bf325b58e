// Context: side panel. One language model per provider, all through the AI SDK. The key goes only to the
// provider it was entered for (settings.ts apiKeyFor: keys are stored per provider, and per endpoint
// origin): OpenAI, Anthropic and Google use their own fixed addresses; an OpenAI-compatible endpoint
// gets a key only if the person entered one for that endpoint's origin. A ChatGPT account has
// no key in the panel: its requests go through the worker (chatgpt-relay.ts), which holds the sign-in.
import { wrapLanguageModel, type LanguageModel } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { apiKeyFor, type ProviderSettings } from './settings';
import { worker } from '../worker-client';
import { CODEX_BASE, relayFetch, SIGNED_IN_THROUGH_WORKER } from './chatgpt-relay';

export function languageModel(s: ProviderSettings, fetchImpl?: typeof fetch): LanguageModel {
  const extra = fetchImpl ? { fetch: fetchImpl } : {};
  const key = apiKeyFor(s).trim();
  switch (s.kind) {
    case 'openai-compatible':
      return createOpenAICompatible({ name: 'compatible', baseURL: s.baseURL.replace(/\/+$/, ''), ...(key ? { apiKey: key } : {}), ...extra }).chatModel(s.model);
    case 'openai':
      return createOpenAI({ apiKey: key, ...extra }).responses(s.model);
    case 'anthropic':
      // Anthropic answers requests that carry an Origin (ours: the extension) only with this header.
      return createAnthropic({ apiKey: key, headers: { 'anthropic-dangerous-direct-browser-access': 'true' }, ...extra })(s.model);
    case 'google':
      return createGoogleGenerativeAI({ apiKey: key, ...extra })(s.model);
    case 'chatgpt':
      // The Codex backend keeps nothing (store: false), so the SDK must send earlier turns in full rather
      // than as references to stored items. `fetchImpl` is ignored: the relay is the only way out.
      return wrapLanguageModel({
        model: createOpenAI({ baseURL: CODEX_BASE, apiKey: SIGNED_IN_THROUGH_WORKER, fetch: relayFetch(worker) }).responses(s.model),
        middleware: {
          specificationVersion: 'v3',
          transformParams: async ({ params }) => ({
            ...params,
            providerOptions: { ...params.providerOptions, openai: { ...params.providerOptions?.openai, store: false } },
          }),
        },
      });
  }
}

/** Whether the provider takes images inside tool results (a screenshot); others get a sentence instead. */
export function takesImagesInToolResults(s: ProviderSettings): boolean {
  return s.kind !== 'openai-compatible';
}
