// "Sign in with a ChatGPT account" in a real Chromium against a local stand-in for OpenAI's sign-in server
// and Codex backend, answering at their real host names (chatgpt-stand-in.ts). The worker opens the sign-in
// tab, reads the answer off it, keeps and renews the tokens, and sends them only to chatgpt.com; the panel
// runs the chat without ever holding a token. A forged state is refused, a callback in another tab is
// ignored, and signing out forgets the tokens.
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { test, expect } from '../harness';
import { openPanel } from '../remixlet';
import { listTargets, TargetSession, type TargetInfo } from '../harness/cdp';
import { idle, send } from './chat-helpers';
import { ACCOUNT_ID, ChatGptStandIn, CLIENT_ID, EMAIL, REDIRECT_URI } from './chatgpt-stand-in';

const SIGNED_IN = `Signed in as ${EMAIL}.`;
const NOT_SIGNED_IN_TEXT = 'No ChatGPT account is signed in. Choose Settings and press "Sign in with ChatGPT".';
const EXPIRED_TEXT = 'Your ChatGPT sign-in expired and OpenAI would not renew it, so Remixlet signed you out. Sign in again in Settings.';
const STATE_MISMATCH_TEXT = 'Sign-in was refused: the answer did not come from the sign-in Remixlet started. Nothing was saved; sign in again.';

function settingsForm(panel: Page) {
  return panel.locator('form.provider-settings');
}

async function openSettings(panel: Page): Promise<void> {
  if (!(await settingsForm(panel).isVisible())) await panel.getByRole('button', { name: 'Settings' }).click();
}

/** Chooses "ChatGPT account (sign in)" as a person would, and saves it. */
async function chooseChatGpt(panel: Page): Promise<void> {
  await openSettings(panel);
  const form = settingsForm(panel);
  await form.locator('select[name=kind]').selectOption('chatgpt');
  await expect(form.locator('input[name=apiKey]')).toHaveCount(0);
  await form.locator('input[name=model]').fill('gpt-5');
  await form.locator('input[name=idleSeconds]').fill('30');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.locator('.connection')).toHaveText('Saved.');
}

/**
 * Presses "Sign in with ChatGPT" and returns the tab the worker opened on OpenAI's page, as a browser
 * target: found through CDP, because Playwright can lose track of a tab the worker opens blank and then
 * navigates to another site (no page event, or no navigation seen on it).
 */
async function startSignIn(context: BrowserContext, panel: Page): Promise<TargetInfo> {
  await settingsForm(panel).getByRole('button', { name: 'Sign in with ChatGPT' }).click();
  let tab: TargetInfo | undefined;
  // Generous waits: a new tab on a loaded 2-core machine can take a while to open and load.
  await expect
    .poll(async () => (tab = (await listTargets(context)).find((t) => t.type === 'page' && /^https:\/\/auth\.openai\.com\/oauth\/authorize\?/.test(t.url))) !== undefined, { timeout: 30_000 })
    .toBe(true);
  await expect(settingsForm(panel).locator('.chatgpt-status')).toHaveText('Finish signing in on the OpenAI tab.');
  return tab!;
}

/** "Continue as …" on the stand-in's page; the worker closes the tab once it has read the answer. */
async function continueIn(context: BrowserContext, tab: TargetInfo): Promise<void> {
  const session = await TargetSession.attach(context, tab);
  const press = `(() => { const b = [...document.querySelectorAll('button')].find((b) => b.textContent.includes(${JSON.stringify(`Continue as ${EMAIL}`)})); if (!b) return false; b.click(); return true; })()`;
  await expect.poll(() => session.evaluate<boolean>(press).catch(() => false), { timeout: 30_000 }).toBe(true);
  await session.detach();
  await expect.poll(async () => (await listTargets(context)).some((t) => t.targetId === tab.targetId), { timeout: 30_000 }).toBe(false);
}

async function signIn(context: BrowserContext, panel: Page): Promise<void> {
  await continueIn(context, await startSignIn(context, panel));
  await expect(settingsForm(panel).locator('.chatgpt-status')).toHaveText(SIGNED_IN);
}

/** Everything in the worker's own IndexedDB settings store, as text. */
function workerSettings(serviceWorker: Worker): Promise<string> {
  return serviceWorker.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('remixlet');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('settings')) return resolve('');
          const req = db.transaction('settings', 'readonly').objectStore('settings').getAll();
          req.onsuccess = () => resolve(JSON.stringify(req.result));
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

/** Everything the panel keeps (its own IndexedDB) and chrome.storage (which content scripts may read), as text. */
async function panelAndChromeStorage(panel: Page, serviceWorker: Worker): Promise<string> {
  const panelDb = await panel.evaluate(async () => {
    const out: unknown[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name || info.name === 'remixlet') continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        out.push(await new Promise((resolve) => {
          const req = db.transaction(store, 'readonly').objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => resolve(null);
        }));
      }
      db.close();
    }
    return JSON.stringify(out);
  });
  const chromeStorage = await serviceWorker.evaluate(async () =>
    JSON.stringify([await chrome.storage.local.get(null), await chrome.storage.session.get(null), await chrome.storage.sync.get(null)]),
  );
  return panelDb + chromeStorage + (await panel.content());
}

test('sign-in in a tab; the chat goes through the worker, whose bearer token reaches chatgpt.com only; sign-out forgets it', async ({
  context,
  openPage,
  openExtensionPage,
  tabIdOf,
  sites,
  witness,
  serviceWorker,
}) => {
  const standIn = new ChatGptStandIn();
  standIn.install(sites);
  standIn.script = (req) => {
    if (!req.body.tools?.length) return { text: 'OK' };
    if ((req.body.input ?? []).some((i) => i.type === 'function_call_output')) return { text: 'Hello from ChatGPT. The page sells lamps.' };
    return { toolCall: { name: 'outline_page', args: { maxNodes: 40 } } };
  };
  const shop = await openPage('shop.test', '/index.html');
  const panel = await openPanel(openExtensionPage, await tabIdOf(shop));
  const panelRequests: string[] = [];
  panel.on('request', (r) => panelRequests.push(r.url()));
  await witness.clear();

  await chooseChatGpt(panel);
  await expect(settingsForm(panel).locator('.chatgpt-status')).toHaveText('Not signed in.');
  const tab = await startSignIn(context, panel);
  // The authorize address carries the Codex CLI's client, redirect and scopes, and a PKCE S256 challenge.
  const authorize = standIn.authorizeRequests.at(-1)!;
  expect(authorize.get('client_id')).toBe(CLIENT_ID);
  expect(authorize.get('redirect_uri')).toBe(REDIRECT_URI);
  expect(authorize.get('scope')).toBe('openid profile email offline_access');
  expect(authorize.get('code_challenge_method')).toBe('S256');
  await continueIn(context, tab);
  await expect(settingsForm(panel).locator('.chatgpt-status')).toHaveText(SIGNED_IN);
  expect(standIn.tokenRequests.map((r) => [r.grant, r.status])).toEqual([['authorization_code', 200]]);
  expect(standIn.tokenRequests[0]!.fields.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
  // The answer never left the browser: the worker blocked the redirect to localhost:1455 and read it off the tab.
  expect(sites.requests().filter((r) => r.host === 'localhost')).toEqual([]);

  // "Test connection" (an unstreamed call) and a chat (streamed, with a tool call) both go through the worker.
  await settingsForm(panel).getByRole('button', { name: 'Test connection' }).click();
  await expect(settingsForm(panel).locator('.connection')).toHaveText('Connected: gpt-5 answered. Saved: the chat uses these settings.', { timeout: 15_000 });
  await panel.getByRole('button', { name: 'Settings' }).click();
  await send(panel, 'What does this page sell?');
  await idle(panel);
  await expect(panel.locator('.chat .assistant').last()).toContainText('Hello from ChatGPT. The page sells lamps.');
  await expect(panel.locator('.chat .tool .tool-what')).toHaveText(['Looked at the outline of the page']);
  await expect(panel.locator('.chat .error')).toHaveCount(0);

  const access = standIn.lastAccess!;
  const chat = standIn.codexRequests.slice(-2);
  expect(standIn.codexRequests.map((r) => r.status)).toEqual([200, 200, 200]);
  for (const r of standIn.codexRequests) {
    expect(r.authorization).toBe(`Bearer ${access}`);
    expect(r.accountId).toBe(ACCOUNT_ID);
    expect(r.body.store).toBe(false);
    expect(r.body.stream).toBe(true);
    expect((r.body.input ?? []).some((i) => i.role === 'system' || i.role === 'developer' || i.type === 'item_reference' || 'id' in i)).toBe(false);
  }
  expect(chat[0]!.body.instructions).toContain('shop.test');
  expect(chat[1]!.body.input!.some((i) => i.type === 'function_call_output')).toBe(true);

  // The bearer token went to chatgpt.com's Codex backend and nowhere else; no token is in any address.
  const served = sites.requests();
  const withAuthorization = served.filter((r) => r.headers.authorization !== undefined);
  expect(withAuthorization.length).toBe(3);
  for (const r of withAuthorization) {
    expect(r.host).toBe('chatgpt.com');
    expect(r.https).toBe(true);
    expect(r.path).toBe('/backend-api/codex/responses');
  }
  const tokens = standIn.issued.flatMap((i) => [i.access, i.refresh]);
  for (const r of [...served.map((s) => `${s.host}${s.path}`), ...witness.log().map((l) => `${l.host}${l.path ?? ''}`)]) {
    for (const t of tokens) expect(r).not.toContain(t);
  }
  // The panel made no request to OpenAI itself and holds no token; chrome.storage (which content scripts can read) neither.
  expect(panelRequests.filter((u) => /chatgpt\.com|openai\.com/.test(u))).toEqual([]);
  const visible = await panelAndChromeStorage(panel, serviceWorker);
  for (const t of tokens) expect(visible).not.toContain(t);
  // The worker's own store does hold them (so the check above could fail).
  expect(await workerSettings(serviceWorker)).toContain(access);

  // Sign out: the tokens are gone and a chat says to sign in, without asking OpenAI.
  await openSettings(panel);
  await settingsForm(panel).getByRole('button', { name: 'Sign out' }).click();
  await expect(settingsForm(panel).locator('.chatgpt-status')).toHaveText('Not signed in.');
  const kept = await workerSettings(serviceWorker);
  for (const t of tokens) expect(kept).not.toContain(t);
  await panel.getByRole('button', { name: 'Settings' }).click();
  await send(panel, 'Are you still there?');
  await idle(panel);
  await expect(panel.locator('.chat .error').last()).toHaveText(NOT_SIGNED_IN_TEXT);
  expect(standIn.codexRequests.length).toBe(3);
  await witness.expectNoHits();
});

test('the access token is renewed before it expires and once after a 401; a renewal OpenAI refuses signs out with a message', async ({
  context,
  openPage,
  openExtensionPage,
  tabIdOf,
  sites,
  serviceWorker,
}) => {
  const standIn = new ChatGptStandIn();
  standIn.install(sites);
  standIn.lifetimeSeconds = 4;
  const shop = await openPage('shop.test', '/index.html');
  const panel = await openPanel(openExtensionPage, await tabIdOf(shop));
  await chooseChatGpt(panel);
  await signIn(context, panel);
  await panel.getByRole('button', { name: 'Settings' }).click();
  const first = standIn.issued[0]!;

  // Past the first token's expiry: the worker renews before sending (no 401), with the refresh token it was given.
  standIn.lifetimeSeconds = 3600;
  await panel.waitForTimeout(Math.max(0, first.expiresAt - Date.now()) + 300);
  await send(panel, 'One');
  await idle(panel);
  await expect(panel.locator('.chat .assistant').last()).toHaveText('Hello from ChatGPT.');
  expect(standIn.tokenRequests.map((r) => r.grant)).toEqual(['authorization_code', 'refresh_token']);
  expect(standIn.tokenRequests[1]!.fields.refresh_token).toBe(first.refresh);
  expect(standIn.codexRequests.map((r) => r.status)).toEqual([200]);
  expect(standIn.codexRequests[0]!.authorization).toBe(`Bearer ${standIn.issued[1]!.access}`);

  // The server drops the token early: the first try gets 401, the worker renews once and sends again.
  standIn.revokeAccess();
  await send(panel, 'Two');
  await idle(panel);
  await expect(panel.locator('.chat .assistant').last()).toHaveText('Hello from ChatGPT.');
  expect(standIn.codexRequests.map((r) => r.status)).toEqual([200, 401, 200]);
  expect(standIn.tokenRequests.map((r) => r.grant)).toEqual(['authorization_code', 'refresh_token', 'refresh_token']);
  expect(standIn.tokenRequests[2]!.fields.refresh_token).toBe(standIn.issued[1]!.refresh);
  expect(standIn.codexRequests[2]!.authorization).toBe(`Bearer ${standIn.issued[2]!.access}`);
  await expect(panel.locator('.chat .error')).toHaveCount(0);

  // OpenAI refuses the renewal: the worker signs out and says so, in the chat and in Settings.
  standIn.refuseRenewal = true;
  standIn.revokeAccess();
  await send(panel, 'Three');
  await idle(panel);
  await expect(panel.locator('.chat .error').last()).toHaveText(EXPIRED_TEXT);
  expect(standIn.codexRequests.map((r) => r.status)).toEqual([200, 401, 200, 401]);
  const kept = await workerSettings(serviceWorker);
  for (const i of standIn.issued) {
    expect(kept).not.toContain(i.access);
    expect(kept).not.toContain(i.refresh);
  }
  await openSettings(panel);
  await expect(settingsForm(panel).locator('.chatgpt-status')).toHaveText('Not signed in.');
  await expect(settingsForm(panel).locator('.chatgpt-message')).toHaveText(EXPIRED_TEXT);
});

test('a forged state is refused; a callback in another tab is ignored even with the right state', async ({ context, openPage, openExtensionPage, tabIdOf, sites, serviceWorker }) => {
  const standIn = new ChatGptStandIn();
  standIn.install(sites);
  // Whatever listens on localhost:1455 (in a real browser: maybe the Codex CLI) only sees the other tab's visit.
  sites.route('localhost', '/auth/callback', () => ({ headers: { 'content-type': 'text/html' }, body: '<p>nothing here</p>' }));
  const shop = await openPage('shop.test', '/index.html');
  const panel = await openPanel(openExtensionPage, await tabIdOf(shop));
  await chooseChatGpt(panel);

  standIn.forgeState = true;
  await continueIn(context, await startSignIn(context, panel));
  await expect(settingsForm(panel).locator('.chatgpt-status')).toHaveText('Not signed in.');
  await expect(settingsForm(panel).locator('.chatgpt-message')).toHaveText(STATE_MISMATCH_TEXT);
  expect(standIn.tokenRequests).toEqual([]);

  standIn.forgeState = false;
  const tab = await startSignIn(context, panel);
  const state = standIn.authorizeRequests.at(-1)!.get('state')!;
  // Another tab goes to the redirect address with the real state and a code: not the sign-in tab, so ignored.
  const other = await context.newPage();
  await other.goto(`${REDIRECT_URI}?code=code-from-elsewhere&state=${encodeURIComponent(state)}`);
  await expect(other.locator('p')).toHaveText('nothing here');
  await panel.waitForTimeout(300);
  expect(standIn.tokenRequests).toEqual([]);
  await expect(settingsForm(panel).locator('.chatgpt-status')).toHaveText('Finish signing in on the OpenAI tab.');

  await continueIn(context, tab);
  await expect(settingsForm(panel).locator('.chatgpt-status')).toHaveText(SIGNED_IN);
  await expect(settingsForm(panel).locator('.chatgpt-message')).toHaveCount(0);
  expect(standIn.tokenRequests.map((r) => [r.grant, r.fields.code === 'code-from-elsewhere'])).toEqual([['authorization_code', false]]);
  // (The other tab also asks localhost for its favicon.)
  expect(sites.requests().filter((r) => r.host === 'localhost' && r.path.startsWith('/auth/')).map((r) => r.path)).toEqual([`/auth/callback?code=code-from-elsewhere&state=${encodeURIComponent(state)}`]);
  expect(await workerSettings(serviceWorker)).toContain(standIn.lastAccess!);
});
