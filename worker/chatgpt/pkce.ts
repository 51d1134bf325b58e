// Context: background service worker (pure: Web Crypto and URL only). The sign-in's one-time values and
// how its answer is read: a PKCE verifier and its S256 challenge (RFC 7636), a random state, the authorize
// address, and the callback check. Trusts nothing in the callback address: the state must be the one this
// worker made, and only then is the code used (with the verifier only this worker holds).
import { AUTHORIZE_URL, CLIENT_ID, ORIGINATOR, REDIRECT_URI, SCOPE } from './config';

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}

/** 64 random bytes: 86 characters of [A-Za-z0-9_-], inside RFC 7636's 43..128. */
export function newVerifier(): string {
  return base64url(randomBytes(64));
}

/** BASE64URL(SHA-256(verifier)), the S256 method. */
export async function challengeOf(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** 32 random bytes, as the Codex CLI makes its state. */
export function newState(): string {
  return base64url(randomBytes(32));
}

/** The authorize address with the Codex CLI's parameters (codex-rs/login/src/server.rs build_authorize_url). */
export function authorizeUrl(challenge: string, state: string): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: SCOPE,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    id_token_add_organizations: 'true',
    codex_cli_simplified_flow: 'true',
    state,
    originator: ORIGINATOR,
  });
  return `${AUTHORIZE_URL}?${query.toString()}`;
}

/** Whether a tab is going to the redirect address (scheme, host, port and path exactly; any query). */
export function isRedirect(url: string): boolean {
  try {
    const u = new URL(url);
    const r = new URL(REDIRECT_URI);
    return u.protocol === r.protocol && u.host === r.host && u.pathname === r.pathname;
  } catch {
    return false;
  }
}

export type CallbackVerdict = { ok: true; code: string } | { ok: false; why: 'state-mismatch' | 'provider-error' | 'no-code' };

function sameString(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Reads the answer off the redirect address. The state is checked first, as the Codex CLI does. */
export function readCallback(url: string, expectedState: string): CallbackVerdict {
  const params = new URL(url).searchParams;
  const state = params.get('state') ?? '';
  if (!expectedState || !sameString(state, expectedState)) return { ok: false, why: 'state-mismatch' };
  if (params.get('error')) return { ok: false, why: 'provider-error' };
  const code = params.get('code') ?? '';
  if (!code) return { ok: false, why: 'no-code' };
  return { ok: true, code };
}
