// Context: background service worker. The ChatGPT sign-in: the one credential the worker keeps, the
// exception the security architecture names. Sign-in opens OpenAI's page in a tab and reads the answer off
// that tab's navigation to the redirect address (the browser says which tab it was; a callback in any other
// tab is ignored); the state must match and the code is exchanged with the PKCE verifier only this worker
// holds. The tokens live in the worker's own IndexedDB (store/db.ts `settings`), which content scripts and
// the panel cannot read; the UI only ever learns "signed in as <email>". The access token is renewed ahead
// of expiry and once after a 401; a renewal the token endpoint refuses signs the account out with a message.
import type { ChatGptAccount } from '../../contracts/boundaries/panel-worker';
import { RemixletRefusal } from '../../contracts/refusals';
import { db, serialized } from '../store/db';
import { clock } from '../clock';
import { CALLBACK_BLOCK_RULE_ID, SIGN_IN_TIMEOUT_MS } from './config';
import { keepNetRulesOutOfTab } from '../netrules/listeners';
import { authorizeUrl, challengeOf, isRedirect, newState, newVerifier, readCallback } from './pkce';
import { exchangeCode, renewalDue, renewWith, SignIn, signInFrom } from './tokens';
import { z } from 'zod';
import { openBlankTab } from '../pages/blank-tab';

const SIGN_IN_KEY = 'chatgptSignIn';
const PENDING_KEY = 'chatgptPendingSignIn';

/** Replaceable in unit tests; the worker's own fetch otherwise (host access lets it reach OpenAI without CORS). */
export const net = { fetch: (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => fetch(input, init) };

const Pending = z.object({ state: z.string(), verifier: z.string(), tabId: z.number().int(), startedAt: z.number() }).strict();
type Pending = z.infer<typeof Pending>;

export const MESSAGES = {
  stateMismatch: 'Sign-in was refused: the answer did not come from the sign-in Remixlet started. Nothing was saved; sign in again.',
  providerError: 'OpenAI did not complete the sign-in. Nothing was saved; sign in again.',
  exchangeFailed: 'OpenAI did not accept the sign-in (the code could not be exchanged). Nothing was saved; sign in again.',
  unreachable: 'Cannot reach auth.openai.com to finish the sign-in. Check the connection and sign in again.',
  cancelled: 'Sign-in was cancelled: the sign-in tab was closed.',
  expired: 'Your ChatGPT sign-in expired and OpenAI would not renew it, so Remixlet signed you out. Sign in again in Settings.',
  notSignedIn: 'No ChatGPT account is signed in. Choose Settings and press "Sign in with ChatGPT".',
  renewUnreachable: 'Cannot reach auth.openai.com to renew your ChatGPT sign-in. Check the connection, then send again.',
} as const;

// ---------------------------------------------------------------------------------------------
// What the UI sees

let lastMessage: string | undefined;
type Listener = (view: ChatGptAccount) => void;
const listeners = new Set<Listener>();

export function onAccountChanged(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export async function accountView(): Promise<ChatGptAccount> {
  const s = await loadSignIn();
  const state = (await loadPending()) ? 'signing-in' : s ? 'signed-in' : 'signed-out';
  return { state, ...(s?.email ? { email: s.email } : {}), ...(lastMessage ? { message: lastMessage } : {}) };
}

async function announce(): Promise<ChatGptAccount> {
  const view = await accountView();
  for (const l of listeners) l(view);
  return view;
}

// ---------------------------------------------------------------------------------------------
// The kept tokens

let cached: Promise<SignIn | undefined> | undefined;

function loadSignIn(): Promise<SignIn | undefined> {
  cached ??= db.settings.getItem(SIGN_IN_KEY).then((raw) => {
    const parsed = SignIn.safeParse(raw);
    return parsed.success ? parsed.data : undefined;
  });
  return cached;
}

async function keep(s: SignIn | undefined): Promise<void> {
  if (s) await db.settings.setItem(SIGN_IN_KEY, s);
  else await db.settings.removeItem(SIGN_IN_KEY);
  cached = Promise.resolve(s);
}

/** For unit tests that clear IndexedDB underneath. */
export function forgetCachedSignIn(): void {
  cached = undefined;
  lastMessage = undefined;
}

export function signOut(message?: string): Promise<ChatGptAccount> {
  return serialized('chatgpt:tokens', async () => {
    await keep(undefined);
    lastMessage = message;
    return announce();
  });
}

export interface Access {
  accessToken: string;
  accountId: string | undefined;
}

/**
 * The access token to send now. Renews first when it is due, or when `stale` is the token a 401 just
 * refused (unless another call renewed it meanwhile). Renewals are serialized: OpenAI rotates refresh
 * tokens, so two renewals at once would spend the same one twice.
 */
export function currentAccess(stale?: string): Promise<Access> {
  return serialized('chatgpt:tokens', async () => {
    const s = await loadSignIn();
    if (!s) throw new RemixletRefusal('CHATGPT_SIGNED_OUT', lastMessage ?? MESSAGES.notSignedIn);
    const now = clock.now();
    const refused = stale !== undefined && stale === s.accessToken;
    if (!refused && !renewalDue(s, now)) return { accessToken: s.accessToken, accountId: s.accountId };
    const result = await renewWith(net.fetch, s.refreshToken);
    if (!result.ok) {
      if (!result.permanent) throw new RemixletRefusal('CHATGPT_SIGNED_OUT', MESSAGES.renewUnreachable);
      await keep(undefined);
      lastMessage = MESSAGES.expired;
      await announce();
      throw new RemixletRefusal('CHATGPT_SIGNED_OUT', MESSAGES.expired);
    }
    const next = signInFrom(result.answer, clock.now(), s);
    if (!next) throw new RemixletRefusal('CHATGPT_SIGNED_OUT', MESSAGES.expired);
    await keep(next);
    return { accessToken: next.accessToken, accountId: next.accountId };
  });
}

// ---------------------------------------------------------------------------------------------
// Signing in

async function loadPending(): Promise<Pending | undefined> {
  const parsed = Pending.safeParse(await db.settings.getItem(PENDING_KEY));
  if (!parsed.success) return undefined;
  if (parsed.data.startedAt + SIGN_IN_TIMEOUT_MS < clock.now()) {
    await db.settings.removeItem(PENDING_KEY);
    return undefined;
  }
  return parsed.data;
}

/** Keeps the redirect (code and state) from leaving the browser: nothing of ours listens on localhost:1455. */
async function blockCallback(tabId: number | undefined): Promise<void> {
  await chrome.declarativeNetRequest
    .updateSessionRules({
      removeRuleIds: [CALLBACK_BLOCK_RULE_ID],
      addRules:
        tabId === undefined
          ? []
          : [
              {
                id: CALLBACK_BLOCK_RULE_ID,
                priority: 1,
                action: { type: 'block' as chrome.declarativeNetRequest.RuleActionType },
                condition: { urlFilter: '|http://localhost:1455/auth/callback', resourceTypes: ['main_frame' as chrome.declarativeNetRequest.ResourceType], tabIds: [tabId] },
              },
            ],
    })
    .catch(() => undefined);
}

export function startSignIn(): Promise<ChatGptAccount> {
  return serialized('chatgpt:pending', async () => {
    const old = await loadPending();
    if (old) await chrome.tabs.remove(old.tabId).catch(() => undefined);
    const verifier = newVerifier();
    const state = newState();
    const challenge = await challengeOf(verifier);
    // The tab starts blank so the block is in place before OpenAI's page can answer.
    const tab = await openBlankTab({ active: true });
    if (tab.id === undefined) throw new RemixletRefusal('CHATGPT_SIGN_IN_FAILED', 'The browser did not open a tab for the sign-in.');
    // The sign-in is Remixlet's own traffic: no remixlet's network rule acts in this tab while it lives.
    await keepNetRulesOutOfTab(tab.id);
    await db.settings.setItem(PENDING_KEY, { state, verifier, tabId: tab.id, startedAt: clock.now() } satisfies Pending);
    await blockCallback(tab.id);
    lastMessage = undefined;
    await chrome.tabs.update(tab.id, { url: authorizeUrl(challenge, state) });
    return announce();
  });
}

async function finishPending(): Promise<void> {
  await db.settings.removeItem(PENDING_KEY);
  await blockCallback(undefined);
}

/**
 * A navigation (or request) in some tab. Only the sign-in tab going to the redirect address counts; the
 * answer is used once. Several browser events report the same navigation, so this is safe to repeat.
 */
export function callbackSeen(tabId: number, url: string): Promise<void> {
  if (!isRedirect(url)) return Promise.resolve();
  return serialized('chatgpt:pending', async () => {
    const pending = await loadPending();
    if (!pending || pending.tabId !== tabId) return;
    await finishPending();
    await chrome.tabs.remove(tabId).catch(() => undefined);
    const verdict = readCallback(url, pending.state);
    if (!verdict.ok) {
      lastMessage = verdict.why === 'state-mismatch' ? MESSAGES.stateMismatch : MESSAGES.providerError;
      await announce();
      return;
    }
    const result = await exchangeCode(net.fetch, verdict.code, pending.verifier);
    if (!result.ok) {
      lastMessage = result.status === undefined ? MESSAGES.unreachable : MESSAGES.exchangeFailed;
      await announce();
      return;
    }
    const s = signInFrom(result.answer, clock.now());
    if (!s) {
      lastMessage = MESSAGES.exchangeFailed;
      await announce();
      return;
    }
    await serialized('chatgpt:tokens', () => keep(s));
    lastMessage = undefined;
    await announce();
  });
}

/** The person closed the sign-in tab before it answered. */
export function tabClosed(tabId: number): Promise<void> {
  return serialized('chatgpt:pending', async () => {
    const pending = await loadPending();
    if (!pending || pending.tabId !== tabId) return;
    await finishPending();
    lastMessage = MESSAGES.cancelled;
    await announce();
  });
}
