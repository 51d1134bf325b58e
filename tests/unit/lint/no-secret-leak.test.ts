// @vitest-environment node
// Unit tests for remixlet/no-secret-leak (scripts/eslint-plugin-remixlet).
// Each case is linted as if it lived at `filename`: worker/ and page-agent/ get the provider-key check,
// every folder gets the URL / log / error checks.
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import plugin, { isProviderKeyName, secretKind } from '../../../scripts/eslint-plugin-remixlet/index.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = plugin.rules['no-secret-leak'];
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});

const WORKER = 'worker/x.ts';
const PAGE_AGENT = 'page-agent/x.ts';
const PANEL = 'panel/x.tsx';
const CONTRACTS = 'contracts/x.ts';
const OFFSCREEN = 'offscreen/x.ts';

const leak = (n = 1) => Array.from({ length: n }, () => ({ messageId: 'leak' }));
const providerKey = (n = 1) => Array.from({ length: n }, () => ({ messageId: 'providerKey' }));

describe('secret names', () => {
  it('recognises keys and tokens, including the sandbox capability token', () => {
    for (const name of ['apiKey', 'api_key', 'OPENAI_API_KEY', 'sandboxToken', 'accessToken', 'refresh_token', 'id_token', 'password', 'bearer', 'clientSecret', 'authHeader', 'getAccessToken', 'tokens']) {
      expect(secretKind(name), name).not.toBeNull();
    }
    expect(secretKind('sandboxToken')).toBe('sandbox capability token');
    expect(secretKind('refreshToken')).toBe('sign-in token');
  });
  it('leaves flags, counts, addresses and codes alone', () => {
    for (const name of ['hasApiKey', 'isPasswordField', 'inputTokens', 'maxOutputTokens', 'totalTokens', 'tokenUrl', 'TOKEN_URL', 'TOKEN_INVALID', 'PASSWORD_FIELD_LOCKED', 'tokenizer', 'token_type', 'storageKey', 'key', 'tokenHash', 'validateToken', 'apiKeyParameterName', 'TOKEN_STORAGE_KEY']) {
      expect(secretKind(name), name).toBeNull();
    }
  });
  it('knows what a provider key is called', () => {
    for (const name of ['apiKey', 'api_key', 'x-api-key', 'x-goog-api-key', 'anthropic-api-key', 'providerKey', 'openaiKey', 'OPENAI_API_KEY', 'geminiKey']) {
      expect(isProviderKeyName(name), name).toBe(true);
    }
    for (const name of ['accessToken', 'refreshToken', 'storageKey', 'keyPath', 'sandboxToken', 'API key', 'hasApiKey']) {
      expect(isProviderKeyName(name), name).toBe(false);
    }
  });
});

tester.run('no-secret-leak: URL sink', rule, {
  valid: [
    { filename: PANEL, code: "fetch('https://api.openai.com/v1/responses', { headers: { Authorization: `Bearer ${apiKey}` } });" },
    { filename: PANEL, code: "fetch(`${baseUrl}/v1/models`, { headers: { 'x-api-key': apiKey } });" },
    { filename: OFFSCREEN, code: 'const url = new URL(`https://example.com/?remixlet=${remixletId}`);' },
    { filename: OFFSCREEN, code: "url.searchParams.set('hasToken', String(Boolean(sandboxToken)));" },
    { filename: PANEL, code: 'const u = `https://example.com/?k=${redact(apiKey)}`;' },
    { filename: PANEL, code: 'const u = `https://example.com/?len=${apiKey.length}`;' },
    { filename: WORKER, code: "await fetch(TOKEN_URL, { method: 'POST', body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: refreshToken }) });" },
    { filename: WORKER, code: "await fetch(TOKEN_URL, { method: 'POST', body: 'grant_type=refresh_token&refresh_token=' + refreshToken });" },
    { filename: PANEL, code: 'const header = `Bearer ${token}`;' },
  ],
  invalid: [
    { filename: PANEL, code: 'fetch(`https://generativelanguage.googleapis.com/v1/models?key=${apiKey}`);', errors: leak() },
    { filename: PANEL, code: "const u = 'https://api.example.com/v1?key=' + settings.apiKey;", errors: leak() },
    { filename: OFFSCREEN, code: 'const u = new URL(`sandbox.html#${sandboxToken}`, base);', errors: leak() },
    { filename: OFFSCREEN, code: "url.searchParams.set('token', sandboxToken);", errors: leak() },
    { filename: OFFSCREEN, code: "params.append('t', grant.token);", errors: leak() },
    { filename: WORKER, code: 'await fetch(`${API_BASE}/grants/${sandboxToken}`);', errors: leak() },
    { filename: WORKER, code: 'const u = `${baseUrl}/${session.accessToken}`;', errors: leak() },
    { filename: WORKER, code: "url.search = '?t=' + refreshToken;", errors: leak() },
    { filename: PANEL, code: 'chrome.tabs.create({ url: `https://x.test/cb?t=${getAccessToken()}` });', errors: leak() },
    {
      filename: PANEL,
      code: "fetch('https://x.test/?' + new URLSearchParams({ password }));",
      errors: [{ message: /^`password` looks like a password and goes into a URL \(fetch\(\.\.\.\)'s address\)\. .*header or body/ }],
    },
  ],
});

tester.run('no-secret-leak: log sink', rule, {
  valid: [
    { filename: WORKER, code: "console.log('signed in', { expiresAt: tokens.expiresAt, hasRefresh: !!refreshToken });" },
    { filename: OFFSCREEN, code: "rmx.log('grant ok', grant.remixletId);" },
    { filename: PANEL, code: "console.info('usage', usage.inputTokens, usage.outputTokens, usage.totalTokens);" },
    { filename: PANEL, code: "console.debug('key set:', typeof apiKey === 'string' && apiKey.length > 0);" },
    { filename: PANEL, code: "console.debug('key', mask(apiKey), redact(session.accessToken));" },
    { filename: WORKER, code: "logger.warn('token refresh failed', res.status);" },
    { filename: PAGE_AGENT, code: "console.warn('refused', 'PASSWORD_FIELD_LOCKED', passwordField.name);" },
  ],
  invalid: [
    { filename: WORKER, code: "console.log('tokens', accessToken);", errors: leak() },
    { filename: OFFSCREEN, code: 'rmx.log(`forwarding with ${sandboxToken}`);', errors: leak() },
    { filename: OFFSCREEN, code: "log('grant', { remixletId, token: sandboxToken });", errors: leak() },
    { filename: PANEL, code: "debug('provider', JSON.stringify(settings.providers.openai.apiKey));", errors: leak() },
    { filename: PANEL, code: "console.log('settings', { apiKey });", errors: leak() },
    { filename: WORKER, code: "appendLog(remixletId, 'refresh with ' + tokens.refresh_token);", errors: leak() },
    { filename: WORKER, code: "writeLog(`auth ${authorization}`);", errors: leak() },
    { filename: WORKER, code: 'this.warn(`token prefix ${token.slice(0, 6)}`);', errors: leak() },
    { filename: WORKER, code: "error('refresh failed', await getRefreshToken());", errors: leak() },
    { filename: PANEL, code: 'console.table([password, secret]);', errors: leak(2) },
    { filename: CONTRACTS, code: "info('cap', grant?.sandboxToken ?? 'none');", errors: leak() },
  ],
});

tester.run('no-secret-leak: error sink', rule, {
  valid: [
    { filename: WORKER, code: "throw new Error('sign-in expired: sign in to ChatGPT again');" },
    { filename: OFFSCREEN, code: "refuse('TOKEN_INVALID', 'This token does not belong to this remixlet; reload the page.');" },
    { filename: OFFSCREEN, code: "throw new RemixletRefusal('TOKEN_STALE_DOCUMENT', `remixlet ${remixletId} was granted for another document`);" },
    { filename: WORKER, code: "throw new TRPCError({ code: 'UNAUTHORIZED', message: 'sign in again', cause: err });" },
    { filename: WORKER, code: 'throw new Error(`refresh failed: HTTP ${res.status} (token ${redact(refreshToken)})`);' },
    { filename: OFFSCREEN, code: 'return { ok: false, refusal: { code: RefusalCode.enum.TOKEN_INVALID, reason: `unknown grant ${grantId}` } };' },
  ],
  invalid: [
    { filename: WORKER, code: 'throw new Error(`bad token ${accessToken}`);', errors: leak() },
    { filename: WORKER, code: "throw new TRPCError({ code: 'UNAUTHORIZED', message: 'bad key ' + apiKey });", errors: [...leak(), ...providerKey()] },
    { filename: OFFSCREEN, code: "throw new RemixletRefusal('TOKEN_INVALID', `token ${sandboxToken} is unknown`);", errors: leak() },
    { filename: OFFSCREEN, code: "refuse('TOKEN_INVALID', 'unknown token: ' + msg.sandboxToken);", errors: leak() },
    { filename: PANEL, code: 'throw `no such key ${openaiKey}`;', errors: leak() },
    { filename: PANEL, code: "reject(new TypeError('password rejected: ' + password));", errors: leak() },
    { filename: OFFSCREEN, code: 'return { ok: false, refusal: { code, reason: `stale ${grant.token}` } };', errors: leak() },
    { filename: PANEL, code: 'err.message = `${err.message} (key ${settings.apiKey})`;', errors: leak() },
  ],
});

tester.run('no-secret-leak: provider keys in worker/ and page-agent/', rule, {
  valid: [
    // panel/ owns provider keys
    { filename: PANEL, code: "const openai = createOpenAI({ apiKey: settings.apiKey }); headers['x-api-key'] = apiKey;" },
    // the worker's ChatGPT sign-in module: tokens, renewal, sent to OpenAI with a Bearer header
    {
      filename: 'worker/chatgpt-signin.ts',
      code: [
        'export async function renew(tokens: { accessToken: string; refreshToken: string }) {',
        "  const res = await fetch('https://auth.openai.com/oauth/token', {",
        "    method: 'POST',",
        "    headers: { 'content-type': 'application/json' },",
        "    body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken }),",
        '  });',
        "  if (!res.ok) throw new Error(`ChatGPT sign-in renewal failed (HTTP ${res.status}); sign in again.`);",
        '  return res.json();',
        '}',
        'export const authHeaders = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` });',
        "export const auth = (s: Session) => ({ Authorization: 'Bearer ' + s.tokens.access_token });",
      ].join('\n'),
    },
    { filename: WORKER, code: "refuse('PERMISSION_MISSING', 'Add your API key in the panel settings.');" },
    { filename: WORKER, code: 'const status = { hasApiKey: await askPanel(), signedIn: !!tokens };' },
    { filename: PAGE_AGENT, code: "const field = document.querySelector('input[type=password]'); const key = storageKey(tabId);" },
    { filename: 'tests/unit/x.test.ts', code: "const apiKey = 'test-key'; expect(redact(apiKey)).toBe('te…');" },
  ],
  invalid: [
    { filename: WORKER, code: 'const { apiKey } = await getSettings();', errors: providerKey() },
    { filename: WORKER, code: "headers.set('x-api-key', k);", errors: providerKey() },
    { filename: WORKER, code: "headers.set('x-goog-api-key', k);", errors: providerKey() },
    { filename: WORKER, code: "const h = { 'anthropic-api-key': k };", errors: providerKey() },
    { filename: WORKER, code: 'function call(providerKey: string) { return providerKey; }', errors: providerKey(2) },
    { filename: WORKER, code: 'settings.openaiKey;', errors: providerKey() },
    { filename: WORKER, code: 'const OPENAI_API_KEY = x;', errors: providerKey() },
    { filename: WORKER, code: "const headers = { Authorization: `Bearer ${key}` };", errors: [{ messageId: 'bearer' }] },
    { filename: WORKER, code: "const headers = { Authorization: 'Bearer ' + settings.k };", errors: [{ messageId: 'bearer' }] },
    { filename: PAGE_AGENT, code: 'interface Settings { apiKey: string }', errors: providerKey() },
    { filename: PAGE_AGENT, code: "chrome.storage.local.get('apiKey');", errors: providerKey() },
    { filename: PAGE_AGENT, code: 'const h = { Authorization: `Bearer ${accessToken}` };', errors: [{ messageId: 'bearerPageAgent' }] },
    { filename: PAGE_AGENT, code: "const k = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123';", errors: [{ messageId: 'keyShaped' }] },
    // both wrongs at once: a provider key in worker/, and logged
    { filename: WORKER, code: 'console.log(apiKey);', errors: [...leak(), ...providerKey()] },
  ],
});

tester.run('no-secret-leak: options', rule, {
  valid: [
    { filename: WORKER, code: 'const h = { Authorization: `Bearer ${cred}` };', options: [{ signInTokenNames: '^cred$' }] },
    { filename: PANEL, code: 'console.log(elide(apiKey));', options: [{ redactors: ['elide'] }] },
    { filename: 'panel/x.tsx', code: 'settings.apiKey;', options: [{ providerKeyContexts: ['worker'] }] },
  ],
  invalid: [
    { filename: PANEL, code: 'audit(`key ${apiKey}`);', options: [{ logFunctions: ['audit'] }], errors: leak() },
    { filename: OFFSCREEN, code: 'settings.apiKey;', options: [{ providerKeyContexts: ['offscreen'] }], errors: providerKey() },
  ],
});
