// Context: side panel. "Test connection": one tiny request to the configured provider through the same
// code a chat uses, answered in one sentence (connected, or what is wrong and what to do).
import { generateText } from 'ai';
import { languageModel } from '../assistant/providers';
import { describeError, IdleTimeout } from '../assistant/errors';
import { settingsProblem, type ProviderSettings } from '../assistant/settings';

export async function testConnection(s: ProviderSettings): Promise<{ ok: boolean; text: string }> {
  const problem = settingsProblem(s);
  if (problem) return { ok: false, text: problem };
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new IdleTimeout(s.idleSeconds)), s.idleSeconds * 1000);
  try {
    await generateText({ model: languageModel(s), prompt: 'Reply with the single word OK.', maxOutputTokens: 16, maxRetries: 0, abortSignal: abort.signal });
    return { ok: true, text: `Connected: ${s.model} answered.` };
  } catch (e) {
    return { ok: false, text: describeError(abort.signal.aborted ? abort.signal.reason : e) };
  } finally {
    clearTimeout(timer);
  }
}
