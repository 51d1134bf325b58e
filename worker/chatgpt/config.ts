// Context: background service worker. The fixed addresses and identifiers of "Sign in with ChatGPT". They
// are the ones the OpenAI Codex CLI uses (openai/codex, codex-rs/login/src/server.rs and auth/manager.rs):
// the issuer https://auth.openai.com, /oauth/authorize with PKCE (S256), the CLI's public client id, its
// registered redirect address on localhost:1455, /oauth/token for the code exchange (form-encoded) and for
// renewal (JSON), and model calls to the Codex backend under https://chatgpt.com/backend-api/codex with
// `Authorization: Bearer <access token>` and a `chatgpt-account-id` header from the ID token's claims.
// Nothing here is a secret: a public OAuth client has none, which is why PKCE is required.
export const ISSUER = 'https://auth.openai.com';
export const AUTHORIZE_URL = `${ISSUER}/oauth/authorize`;
export const TOKEN_ENDPOINT = `${ISSUER}/oauth/token`;
export const CLIENT_ID = 'app_EMoamEEZ73f0CkXaXp7hrann';
/** Registered for the Codex CLI's client id. Nothing of ours listens there: the worker reads the answer off the tab. */
export const REDIRECT_URI = 'http://localhost:1455/auth/callback';
export const SCOPE = 'openid profile email offline_access';
/** The one place the sign-in is ever sent (besides the token endpoint above). */
export const CODEX_BASE = 'https://chatgpt.com/backend-api/codex';
/** The Codex CLI names itself with this header; the backend is the CLI's (fetch-helpers of opencode-openai-codex-auth do the same). */
export const ORIGINATOR = 'codex_cli_rs';
/** A sign-in tab left alone this long is forgotten. */
export const SIGN_IN_TIMEOUT_MS = 15 * 60_000;
/** The session rule that keeps the answer (code and state) from being sent to whatever listens on localhost:1455. */
export const CALLBACK_BLOCK_RULE_ID = 1455;
