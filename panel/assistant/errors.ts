// Context: side panel. A failed model call becomes one sentence that says what happened and what to do:
// a bad key, a provider that is down or unreachable, a rate limit, a refusal, a reply that could not be
// read, or a provider that stopped answering. Never echoes a key: only status codes and the host.
import { APICallError, RetryError } from 'ai';

export class IdleTimeout extends Error {
  constructor(readonly seconds: number) {
    super(`no reply for ${seconds} seconds`);
    this.name = 'IdleTimeout';
  }
}

function rootCause(e: unknown): unknown {
  if (RetryError.isInstance(e)) return e.lastError;
  return e;
}

function hostOf(url: string | undefined): string {
  try {
    return url ? new URL(url).host : 'the provider';
  } catch {
    return 'the provider';
  }
}

/**
 * What the failed turn had already saved, from save_remixlet's own results (fixed words, ids and numbers
 * only): a turn keeps its completed steps, so "Nothing was saved" would be untrue after an activation.
 */
export function savedSoFar(saves: unknown[] = []): string {
  const said: string[] = [];
  for (const s of saves) {
    const o = (s ?? {}) as { status?: unknown; remixletId?: unknown; version?: unknown };
    if (o.status === 'activated' && typeof o.remixletId === 'string' && typeof o.version === 'number') {
      said.push(`Earlier in this turn version ${o.version} of ${o.remixletId} was saved and applies`);
    } else if (o.status === 'activated') said.push('Earlier in this turn a save activated');
    else if (o.status === 'needs-approval') said.push('Earlier in this turn a save asked for your approval (see its dialog)');
  }
  return said.length ? `${said.join('; ')}; nothing after that was saved` : 'Nothing was saved';
}

export function describeError(error: unknown, saves?: unknown[]): string {
  const e = rootCause(error);
  if (e instanceof IdleTimeout) {
    return `The provider stopped answering: nothing arrived for ${e.seconds} seconds. Check that it is running, then send your message again.`;
  }
  // The worker's refusals for a ChatGPT account (not signed in, renewal refused, unreachable) are fixed text.
  if ((e as { name?: string } | undefined)?.name === 'ChatGptRelayError') return (e as Error).message;
  if (APICallError.isInstance(e)) {
    const host = hostOf(e.url);
    const status = e.statusCode;
    if (host === 'chatgpt.com' && (status === 401 || status === 403)) {
      return `ChatGPT refused the sign-in (${status}), even after renewing it. Sign out and sign in again in Settings, then send again.`;
    }
    if (status === 401 || status === 403) return `${host} refused the API key (${status}). Check the key in Settings, then send again.`;
    if (status === 429) return `${host} is rate limiting requests (429). Wait a minute and send again, or check your plan's limits.`;
    if (status === 404) return `${host} does not know this model or address (404). Check the model name and the endpoint in Settings.`;
    if (status !== undefined && status >= 500) return `${host} is having trouble (${status}). Try again in a moment.`;
    if (status === undefined) return `Cannot reach ${host}. Check the address in Settings and that the server is running, then send again.`;
    return `${host} turned the request down (${status}). Check the settings, then send again.`;
  }
  const name = (e as { name?: string } | undefined)?.name ?? '';
  if (name === 'TypeError' || /Failed to fetch|NetworkError/i.test(String((e as Error | undefined)?.message))) {
    return 'Cannot reach the provider. Check the address in Settings and that the server is running, then send again.';
  }
  if (/JSONParse|TypeValidation|InvalidResponseData|EmptyResponseBody|NoOutputGenerated/i.test(name)) {
    return `The provider sent a reply Remixlet could not read. ${savedSoFar(saves)}; send again, or try another model.`;
  }
  return `The model call failed (${name || 'error'}). ${savedSoFar(saves)}; send again.`;
}

export const REFUSED_TEXT = 'The model declined to answer (its content filter stopped it). Rephrase the request or try another model.';
