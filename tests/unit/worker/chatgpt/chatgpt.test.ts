// The ChatGPT sign-in in the worker: PKCE and state, the callback read only from the sign-in tab, the
// tokens kept in the worker's store and renewed ahead of expiry (one renewal at a time, the rotated refresh
// token kept), a refused renewal signing out, and the relay sending the token only under the Codex base.
import { resetChrome, calls } from '../chrome-stub';
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { authorizeUrl, challengeOf, isRedirect, newState, newVerifier, readCallback } from '../../../../worker/chatgpt/pkce';
import { accountOf, expiryOf, renewalDue, signInFrom, type SignIn } from '../../../../worker/chatgpt/tokens';
import { accountView, callbackSeen, currentAccess, forgetCachedSignIn, MESSAGES, net, signOut, startSignIn } from '../../../../worker/chatgpt/account';
import { codexAddress, relay } from '../../../../worker/chatgpt/relay';
import { db } from '../../../../worker/store/db';
import { clock } from '../../../../worker/clock';
import { refusalOf } from '../../../../contracts/trpc-errors';
import { refusal } from '../../refusal-code';
import type { ChatGptRelayEvent } from '../../../../contracts/boundaries/panel-worker';

const b64url = (s: string) => Buffer.from(s).toString('base64url');
const jwt = (claims: object) => `${b64url('{"alg":"none"}')}.${b64url(JSON.stringify(claims))}.sig`;
const ID = jwt({ email: 'p@example.com', 'https://api.openai.com/auth': { chatgpt_account_id: 'acct-1' } });

// The chrome APIs sign-in touches, on top of the shared stub.
let nextTab = 100;
const chromeAny = (globalThis as unknown as { chrome: Record<string, Record<string, unknown>> }).chrome;
chromeAny.tabs!.create = (p: unknown) => {
  calls.push({ api: 'tabs.create', args: [p] });
  return Promise.resolve({ id: nextTab++ });
};
chromeAny.tabs!.update = (...args: unknown[]) => {
  calls.push({ api: 'tabs.update', args });
  return Promise.resolve({});
};
chromeAny.tabs!.remove = (...args: unknown[]) => {
  calls.push({ api: 'tabs.remove', args });
  return Promise.resolve();
};
chromeAny.declarativeNetRequest!.updateSessionRules = (...args: unknown[]) => {
  calls.push({ api: 'declarativeNetRequest.updateSessionRules', args });
  return Promise.resolve();
};

type Seen = { url: string; init: RequestInit };
let seen: Seen[] = [];
let answer: (s: Seen) => Response | Promise<Response> = () => new Response('{}');
net.fetch = async (input, init) => {
  const s = { url: String(input), init: init ?? {} };
  seen.push(s);
  return answer(s);
};
const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status, headers: { 'content-type': 'application/json' } });

async function keepSignIn(s: Partial<SignIn> = {}): Promise<SignIn> {
  const now = clock.now();
  const value: SignIn = { accessToken: 'access-1', refreshToken: 'refresh-1', accountId: 'acct-1', email: 'p@example.com', issuedAt: now, expiresAt: now + 3_600_000, ...s };
  await db.settings.setItem('chatgptSignIn', value);
  forgetCachedSignIn();
  return value;
}

beforeEach(async () => {
  resetChrome();
  await db.settings.clear();
  forgetCachedSignIn();
  seen = [];
  answer = () => new Response('{}');
});

describe('PKCE and state', () => {
  it('makes a fresh 86-character verifier, its S256 challenge, and a fresh state each time', async () => {
    const v = newVerifier();
    expect(v).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(newVerifier()).not.toBe(v);
    expect(await challengeOf(v)).toBe(createHash('sha256').update(v).digest('base64url'));
    expect(newState()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newState()).not.toBe(newState());
  });

  it("builds the authorize address with the Codex CLI's client, redirect, scopes and the challenge", () => {
    const u = new URL(authorizeUrl('challenge-x', 'state-y'));
    expect(u.origin + u.pathname).toBe('https://auth.openai.com/oauth/authorize');
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'app_EMoamEEZ73f0CkXaXp7hrann',
      redirect_uri: 'http://localhost:1455/auth/callback',
      scope: 'openid profile email offline_access',
      code_challenge: 'challenge-x',
      code_challenge_method: 'S256',
      state: 'state-y',
    });
  });

  it('recognises only the exact redirect address', () => {
    expect(isRedirect('http://localhost:1455/auth/callback?code=a&state=b')).toBe(true);
    for (const u of ['http://localhost:1456/auth/callback?code=a', 'https://localhost:1455/auth/callback', 'http://127.0.0.1:1455/auth/callback', 'http://localhost:1455/auth/callbackx', 'not a url']) {
      expect(isRedirect(u)).toBe(false);
    }
  });

  it('reads the code only when the state is the one it made', () => {
    const base = 'http://localhost:1455/auth/callback';
    expect(readCallback(`${base}?code=c1&state=s1`, 's1')).toEqual({ ok: true, code: 'c1' });
    expect(readCallback(`${base}?code=c1&state=forged`, 's1')).toEqual({ ok: false, why: 'state-mismatch' });
    expect(readCallback(`${base}?code=c1`, 's1')).toEqual({ ok: false, why: 'state-mismatch' });
    expect(readCallback(`${base}?code=c1&state=`, '')).toEqual({ ok: false, why: 'state-mismatch' });
    expect(readCallback(`${base}?error=access_denied&state=s1`, 's1')).toEqual({ ok: false, why: 'provider-error' });
    expect(readCallback(`${base}?state=s1`, 's1')).toEqual({ ok: false, why: 'no-code' });
  });
});

describe('tokens', () => {
  it('reads the account id and email from the ID token claims', () => {
    expect(accountOf(ID)).toEqual({ accountId: 'acct-1', email: 'p@example.com' });
    expect(accountOf('garbage')).toEqual({});
    expect(accountOf(undefined)).toEqual({});
  });

  it('takes the expiry from expires_in, else the access token, else an hour', () => {
    expect(expiryOf({ access_token: 'x', expires_in: 10 }, 1_000)).toBe(11_000);
    expect(expiryOf({ access_token: jwt({ exp: 5_000 }) }, 1_000)).toBe(5_000_000);
    expect(expiryOf({ access_token: 'opaque' }, 1_000)).toBe(1_000 + 3_600_000);
  });

  it('renews a minute early, or a quarter of the lifetime for short tokens', () => {
    const hour = { issuedAt: 0, expiresAt: 3_600_000 };
    expect(renewalDue(hour, 3_539_000)).toBe(false);
    expect(renewalDue(hour, 3_540_000)).toBe(true);
    const short = { issuedAt: 0, expiresAt: 4_000 };
    expect(renewalDue(short, 2_999)).toBe(false);
    expect(renewalDue(short, 3_000)).toBe(true);
  });

  it('keeps the previous refresh token and account when a renewal leaves them out', () => {
    const prev = signInFrom({ access_token: 'a1', refresh_token: 'r1', id_token: ID, expires_in: 60 }, 0)!;
    expect(signInFrom({ access_token: 'a2', expires_in: 60 }, 10, prev)).toEqual({ accessToken: 'a2', refreshToken: 'r1', accountId: 'acct-1', email: 'p@example.com', issuedAt: 10, expiresAt: 60_010 });
    expect(signInFrom({ access_token: 'a2' }, 10)).toBeUndefined();
  });
});

describe('signing in', () => {
  async function started(): Promise<{ tabId: number; state: string; challenge: string }> {
    await startSignIn();
    const created = calls.find((c) => c.api === 'tabs.create')!;
    expect(created.args[0]).toMatchObject({ url: 'about:blank' });
    const update = calls.find((c) => c.api === 'tabs.update')!;
    const u = new URL((update.args[1] as { url: string }).url);
    const rules = calls.find((c) => c.api === 'declarativeNetRequest.updateSessionRules')!;
    // The block on the redirect is in place, for that tab, before the tab goes to OpenAI.
    expect(calls.indexOf(rules)).toBeLessThan(calls.indexOf(update));
    expect(JSON.stringify(rules.args)).toContain(`"tabIds":[${update.args[0] as number}]`);
    return { tabId: update.args[0] as number, state: u.searchParams.get('state')!, challenge: u.searchParams.get('code_challenge')! };
  }

  it('exchanges the code from the sign-in tab with the verifier, and keeps the tokens in the worker store', async () => {
    const { tabId, state, challenge } = await started();
    expect((await accountView()).state).toBe('signing-in');
    answer = () => json({ access_token: 'access-A', refresh_token: 'refresh-A', id_token: ID, expires_in: 3600 });
    await callbackSeen(tabId, `http://localhost:1455/auth/callback?code=the-code&state=${state}`);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('https://auth.openai.com/oauth/token');
    const form = new URLSearchParams(String(seen[0]!.init.body));
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('code')).toBe('the-code');
    expect(createHash('sha256').update(form.get('code_verifier')!).digest('base64url')).toBe(challenge);
    expect(seen[0]!.init.credentials).toBe('omit');
    expect(await accountView()).toEqual({ state: 'signed-in', email: 'p@example.com' });
    expect(await db.settings.getItem('chatgptSignIn')).toMatchObject({ accessToken: 'access-A', refreshToken: 'refresh-A', accountId: 'acct-1' });
    expect(calls.some((c) => c.api === 'tabs.remove' && c.args[0] === tabId)).toBe(true);
    // The answer is used once.
    await callbackSeen(tabId, `http://localhost:1455/auth/callback?code=the-code&state=${state}`);
    expect(seen).toHaveLength(1);
  });

  it('ignores the redirect in any other tab, and refuses a forged state without asking OpenAI', async () => {
    const { tabId, state } = await started();
    await callbackSeen(tabId + 1, `http://localhost:1455/auth/callback?code=c&state=${state}`);
    expect(seen).toHaveLength(0);
    expect((await accountView()).state).toBe('signing-in');
    await callbackSeen(tabId, 'http://localhost:1455/auth/callback?code=c&state=forged');
    expect(seen).toHaveLength(0);
    expect(await accountView()).toEqual({ state: 'signed-out', message: MESSAGES.stateMismatch });
    expect(await db.settings.getItem('chatgptSignIn')).toBeNull();
  });

  it('keeps nothing when OpenAI refuses the code', async () => {
    const { tabId, state } = await started();
    answer = () => json({ error: 'invalid_grant' }, 400);
    await callbackSeen(tabId, `http://localhost:1455/auth/callback?code=c&state=${state}`);
    expect(await accountView()).toEqual({ state: 'signed-out', message: MESSAGES.exchangeFailed });
  });
});

describe('renewal', () => {
  it('uses the kept token while it is fresh, without asking OpenAI', async () => {
    await keepSignIn();
    expect(await currentAccess()).toEqual({ accessToken: 'access-1', accountId: 'acct-1' });
    expect(seen).toHaveLength(0);
  });

  it('renews once when due, even for calls at the same time, and keeps the rotated refresh token', async () => {
    const now = clock.now();
    await keepSignIn({ issuedAt: now - 3_600_000, expiresAt: now + 10_000 });
    let n = 0;
    answer = () => json({ access_token: `access-${++n + 1}`, refresh_token: `refresh-${n + 1}`, expires_in: 3600 });
    const [a, b] = await Promise.all([currentAccess(), currentAccess()]);
    expect(a.accessToken).toBe('access-2');
    expect(b.accessToken).toBe('access-2');
    expect(seen).toHaveLength(1);
    expect(JSON.parse(String(seen[0]!.init.body))).toEqual({ client_id: 'app_EMoamEEZ73f0CkXaXp7hrann', grant_type: 'refresh_token', refresh_token: 'refresh-1' });
    expect(await db.settings.getItem('chatgptSignIn')).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2', accountId: 'acct-1' });
  });

  it('renews after a 401 on the token that was refused, but not if another call already renewed it', async () => {
    await keepSignIn();
    answer = () => json({ access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 3600 });
    expect((await currentAccess('access-1')).accessToken).toBe('access-2');
    expect((await currentAccess('access-1')).accessToken).toBe('access-2');
    expect(seen).toHaveLength(1);
  });

  it('signs out with a message when OpenAI refuses the renewal; keeps the sign-in when OpenAI cannot be reached', async () => {
    const now = clock.now();
    await keepSignIn({ issuedAt: now - 3_600_000, expiresAt: now });
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await refusal(currentAccess())).toEqual({ code: 'CHATGPT_SIGNED_OUT', reason: MESSAGES.renewUnreachable });
    expect(await db.settings.getItem('chatgptSignIn')).not.toBeNull();
    answer = () => json({ error: { code: 'refresh_token_expired' } }, 401);
    const r = await refusal(currentAccess());
    expect(r).toEqual({ code: 'CHATGPT_SIGNED_OUT', reason: MESSAGES.expired });
    expect(r.reason).not.toContain('refresh-1');
    expect(await db.settings.getItem('chatgptSignIn')).toBeNull();
    expect(await accountView()).toEqual({ state: 'signed-out', message: MESSAGES.expired });
  });

  it('signing out forgets the tokens', async () => {
    await keepSignIn();
    await signOut();
    expect(await db.settings.getItem('chatgptSignIn')).toBeNull();
    expect(await refusal(currentAccess())).toEqual({ code: 'CHATGPT_SIGNED_OUT', reason: MESSAGES.notSignedIn });
  });
});

describe('relay', () => {
  it('accepts only addresses under https://chatgpt.com/backend-api/codex/', () => {
    expect(codexAddress('https://chatgpt.com/backend-api/codex/responses').href).toBe('https://chatgpt.com/backend-api/codex/responses');
    for (const u of [
      'https://chatgpt.com/backend-api/other',
      'https://chatgpt.com/backend-api/codexx/responses',
      'https://chatgpt.com/backend-api/codex/../conversation',
      'http://chatgpt.com/backend-api/codex/responses',
      'https://chatgpt.com.attacker.example/backend-api/codex/responses',
      'https://user:pw@chatgpt.com/backend-api/codex/responses',
      'https://api.openai.com/v1/responses',
      'nonsense',
    ]) {
      expect(() => codexAddress(u), u).toThrow(/ChatGPT/);
    }
  });

  function run(req: Parameters<typeof relay>[0]): Promise<{ events: ChatGptRelayEvent[]; error?: { code: string; reason: string } }> {
    return new Promise((resolve) => {
      const events: ChatGptRelayEvent[] = [];
      relay(req)(
        (e) => {
          events.push(e);
          if (e.kind === 'end') resolve({ events });
        },
        (e) => resolve({ events, error: refusalOf(e) }),
      );
    });
  }
  const req = { url: 'https://chatgpt.com/backend-api/codex/responses', method: 'POST' as const, headers: { 'content-type': 'application/json', authorization: 'Bearer from-the-panel', cookie: 'a=b' }, body: '{"x":1}' };

  it('adds the sign-in itself, passes on only the content type, and streams the answer back', async () => {
    await keepSignIn();
    answer = () => new Response('data: one\n\ndata: two\n\n', { status: 200, headers: { 'content-type': 'text/event-stream', 'set-cookie': 'x=y' } });
    const { events, error } = await run(req);
    expect(error).toBeUndefined();
    expect(events[0]).toEqual({ kind: 'head', status: 200, headers: { 'content-type': 'text/event-stream' } });
    expect(events.filter((e) => e.kind === 'chunk').map((e) => (e as { text: string }).text).join('')).toBe('data: one\n\ndata: two\n\n');
    const sent = new Headers(seen[0]!.init.headers);
    expect(sent.get('authorization')).toBe('Bearer access-1');
    expect(sent.get('chatgpt-account-id')).toBe('acct-1');
    expect(sent.get('cookie')).toBeNull();
    expect(seen[0]!.init).toMatchObject({ credentials: 'omit', redirect: 'error', body: '{"x":1}' });
  });

  it('renews once after a 401 and sends again', async () => {
    await keepSignIn();
    answer = (s) => {
      if (s.url.includes('/oauth/token')) return json({ access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 3600 });
      return new Headers(s.init.headers).get('authorization') === 'Bearer access-2' ? new Response('ok', { status: 200 }) : new Response('no', { status: 401 });
    };
    const { events } = await run(req);
    expect(seen.map((s) => new URL(s.url).pathname)).toEqual(['/backend-api/codex/responses', '/oauth/token', '/backend-api/codex/responses']);
    expect(events[0]).toMatchObject({ kind: 'head', status: 200 });
  });

  it('refuses another address without sending anything, and refuses when nobody is signed in', async () => {
    await keepSignIn();
    expect((await run({ ...req, url: 'https://attacker.example/backend-api/codex/responses' })).error?.code).toBe('CHATGPT_ADDRESS_REFUSED');
    expect(seen).toHaveLength(0);
    await signOut();
    const { error } = await run(req);
    expect(error).toEqual({ code: 'CHATGPT_SIGNED_OUT', reason: MESSAGES.notSignedIn });
    expect(seen).toHaveLength(0);
  });
});
