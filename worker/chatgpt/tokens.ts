// Context: background service worker. The ChatGPT sign-in's tokens: what the token endpoint answers, what
// the worker keeps, when to renew, and the two token requests (code exchange and renewal). Trusts the token
// endpoint's answer only as far as its schema; the ID token is read for the account id and email, not
// verified, because it arrives straight from auth.openai.com over TLS in answer to our own request.
// No function here puts a token into an error, a log line or an address.
import { z } from 'zod';
import { CLIENT_ID, REDIRECT_URI, TOKEN_ENDPOINT } from './config';

/** What /oauth/token answers (extra fields ignored). A renewal may leave out the ID and refresh tokens. */
export const TokenAnswer = z.object({
  access_token: z.string().min(1).max(20_000),
  refresh_token: z.string().min(1).max(20_000).optional(),
  id_token: z.string().min(1).max(20_000).optional(),
  expires_in: z.number().positive().optional(),
});
export type TokenAnswer = z.infer<typeof TokenAnswer>;

/** What the worker keeps in its own IndexedDB (never chrome.storage, never the panel). */
export const SignIn = z
  .object({
    accessToken: z.string().min(1),
    refreshToken: z.string().min(1),
    accountId: z.string().max(200).optional(),
    email: z.string().max(320).optional(),
    issuedAt: z.number(),
    expiresAt: z.number(),
  })
  .strict();
export type SignIn = z.infer<typeof SignIn>;

/** The payload of a JWT, or undefined. The signature is not checked (see the header). */
export function claimsOf(jwt: string | undefined): Record<string, unknown> | undefined {
  const part = jwt?.split('.')[1];
  if (!part) return undefined;
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const text = new TextDecoder().decode(Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0)));
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The account the ID token names: `email` at the top, and `chatgpt_account_id` inside the
 * `https://api.openai.com/auth` claim (as the Codex CLI reads it, codex-rs/login/src/token_data.rs).
 */
export function accountOf(idJwt: string | undefined): { accountId?: string; email?: string } {
  const claims = claimsOf(idJwt);
  if (!claims) return {};
  const auth = claims['https://api.openai.com/auth'];
  const accountId = auth && typeof auth === 'object' ? (auth as Record<string, unknown>).chatgpt_account_id : undefined;
  const email = claims.email;
  return {
    ...(typeof accountId === 'string' && accountId.length <= 200 ? { accountId } : {}),
    ...(typeof email === 'string' && email.length <= 320 ? { email } : {}),
  };
}

const DEFAULT_LIFETIME_MS = 60 * 60_000;

/** When the access token stops working: `expires_in`, else the token's own `exp`, else an hour. */
export function expiryOf(answer: TokenAnswer, now: number): number {
  if (answer.expires_in !== undefined) return now + answer.expires_in * 1000;
  const exp = claimsOf(answer.access_token)?.exp;
  if (typeof exp === 'number' && exp * 1000 > now) return exp * 1000;
  return now + DEFAULT_LIFETIME_MS;
}

/** Renew ahead of expiry: a minute early, or a quarter of the lifetime for tokens shorter than four minutes. */
export function renewalDue(s: Pick<SignIn, 'issuedAt' | 'expiresAt'>, now: number): boolean {
  const margin = Math.min(60_000, Math.max(0, s.expiresAt - s.issuedAt) / 4);
  return now >= s.expiresAt - margin;
}

/** The kept sign-in after a token answer; a renewal that leaves out a token keeps the previous one. */
export function signInFrom(answer: TokenAnswer, now: number, previous?: SignIn): SignIn | undefined {
  const refresh = answer.refresh_token ?? previous?.refreshToken;
  if (!refresh) return undefined;
  const account = answer.id_token ? accountOf(answer.id_token) : {};
  const accountId = account.accountId ?? previous?.accountId;
  const email = account.email ?? previous?.email;
  return {
    accessToken: answer.access_token,
    refreshToken: refresh,
    ...(accountId ? { accountId } : {}),
    ...(email ? { email } : {}),
    issuedAt: now,
    expiresAt: expiryOf(answer, now),
  };
}

export type TokenResult = { ok: true; answer: TokenAnswer } | { ok: false; permanent: boolean; status?: number };

async function askTokenEndpoint(fetchImpl: typeof fetch, init: RequestInit): Promise<TokenResult> {
  let res: Response;
  try {
    res = await fetchImpl(TOKEN_ENDPOINT, { ...init, method: 'POST', credentials: 'omit', redirect: 'error', cache: 'no-store', referrerPolicy: 'no-referrer' });
  } catch {
    return { ok: false, permanent: false };
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    // The Codex CLI treats a 401 (and the refresh_token_* codes, which come with 4xx) as final; 400 is
    // what an OAuth server answers for invalid_grant. A 5xx or 429 is worth another try later.
    return { ok: false, permanent: res.status === 400 || res.status === 401 || res.status === 403, status: res.status };
  }
  const parsed = TokenAnswer.safeParse(await res.json().catch(() => undefined));
  return parsed.success ? { ok: true, answer: parsed.data } : { ok: false, permanent: false, status: res.status };
}

/** authorization_code grant, form-encoded, with the PKCE verifier (codex-rs exchange_code_for_tokens). */
export function exchangeCode(fetchImpl: typeof fetch, code: string, verifier: string): Promise<TokenResult> {
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, code_verifier: verifier });
  return askTokenEndpoint(fetchImpl, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
}

/** refresh_token grant as JSON (codex-rs request_chatgpt_token_refresh). */
export function renewWith(fetchImpl: typeof fetch, refreshToken: string): Promise<TokenResult> {
  const body = JSON.stringify({ client_id: CLIENT_ID, grant_type: 'refresh_token', refresh_token: refreshToken });
  return askTokenEndpoint(fetchImpl, { headers: { 'content-type': 'application/json' }, body });
}
