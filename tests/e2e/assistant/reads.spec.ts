// What the assistant may read, seen from the model's side: a scripted model asks read_page_data for every
// store the source document refuses and gets a typed refusal; it reads script variables, forms, the JSON
// the page loaded and the page's elements as data; no secret from a refused store and no password value
// ever reaches the model, through any tool.
import { test, expect } from '../harness';
import { openPanel } from '../remixlet';
import { ScriptedModel, type Reply, type Turn } from './scripted-model';
import { configureProvider, idle, send } from './chat-helpers';

const CALLS: Array<{ name: string; args: unknown }> = [
  ...['cookies', 'local_storage', 'session_storage', 'indexeddb', 'caches', 'credentials'].map((source) => ({ name: 'read_page_data', args: { source } })),
  { name: 'read_page_data', args: { source: 'variables', names: ['localStorage', 'window.sessionStorage', 'document.cookie', 'self["indexedDB"]', 'caches', 'navigator.credentials'] } },
  { name: 'read_page_data', args: { source: 'variables', names: ['appData', 'storeAlias', 'holder', 'holder.store', 'account'] } },
  { name: 'read_page_data', args: { source: 'forms' } },
  { name: 'read_page_data', args: { source: 'resources' } },
  { name: 'read_page_data', args: { source: 'json', url: '/api/account.json' } },
  { name: 'read_page_data', args: { source: 'json', url: 'http://api.test/v1/data.json' } },
  { name: 'outline_page', args: {} },
  { name: 'query_elements', args: { selector: 'form', html: true } },
  { name: 'query_elements', args: { selector: 'input[value^="pw"]' } },
  { name: 'inspect_styles', args: { selector: '#pw', properties: ['display', 'content'] } },
];

const SECRETS = ['cookie-secret-1', 'local-secret-2', 'session-secret-3', 'idb-secret-4', 'cache-secret-5', 'pw-attr-secret', 'pw-new-secret', 'pw-typed-secret'];

test('read_page_data refuses cookies, storage, IndexedDB, caches and credentials; password fields are empty in every tool', async ({ openPage, openExtensionPage, tabIdOf, sites, witness }) => {
  const model = new ScriptedModel((turn: Turn): Reply => (turn.step < CALLS.length ? { toolCalls: [CALLS[turn.step]!] } : { text: 'Read what I could.' }));
  const baseURL = model.install(sites);
  const page = await openPage('vault.test', '/index.html', { https: true });
  await expect.poll(() => page.evaluate(() => Boolean((window as { account?: unknown }).account))).toBe(true);
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  await configureProvider(panel, { baseURL });
  await witness.clear();

  await send(panel, 'What does this page know about me?');
  await idle(panel, 40_000);
  const results = model.requests.at(-1)!.body.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
  expect(results).toHaveLength(CALLS.length);
  const [cookies, local, session, idb, cachesR, creds, refusedVars, vars, forms, resources, json, otherOrigin, outline, query, valueSelector, styles] = results;

  for (const r of [cookies, local, session, idb, cachesR, creds, refusedVars]) expect(r).toMatch(/^READ_REFUSED: /);
  expect(cookies).toContain('Cookies are never read');
  expect(creds).toContain('credential store');
  for (const name of ['localStorage', 'sessionStorage', 'document', 'indexedDB', 'caches', 'navigator']) expect(refusedVars).toContain(`"${name}" is refused`);

  const variables = JSON.parse(vars!).data as Array<{ path: string; ok: boolean; value?: unknown; refused?: string }>;
  expect(variables.find((v) => v.path === 'appData')).toMatchObject({ ok: true, value: { user: 'ada', plan: 'gold' } });
  expect(variables.find((v) => v.path === 'storeAlias')).toMatchObject({ ok: false, refused: 'it is a Storage' });
  expect(variables.find((v) => v.path === 'holder')).toMatchObject({ ok: true, value: { store: '[refused: Storage]', note: 'holder-note' } });
  expect(variables.find((v) => v.path === 'holder.store')).toMatchObject({ ok: false });
  expect(variables.find((v) => v.path === 'account')).toMatchObject({ ok: true, value: { owner: 'ada' } });

  const fields = JSON.parse(forms!).data.fields as Array<{ name: string; value: string; password: boolean }>;
  expect(fields.map((f) => [f.name, f.value, f.password])).toEqual([
    ['user', 'ada', false],
    ['pw', '', true],
    ['newpw', '', true],
    ['note', 'plain note', false],
  ]);
  expect(resources).toContain('/api/account.json');
  expect(JSON.parse(json!).data).toMatchObject({ status: 200, body: expect.stringContaining('"transactions"') });
  expect(otherOrigin).toMatch(/^ADDRESS_REFUSED: Only addresses on https:\/\/vault\.test/);
  expect(outline).toContain('input#pw');
  // The password field is in the HTML the model sees, its value attribute left off (policy/serialize.ts).
  expect(query).toContain('type=\\"password\\"');
  expect(query).not.toMatch(/type=\\"password\\" value=/);
  expect(valueSelector).toMatch(/^SELECTOR_TESTS_PASSWORD/);
  expect(styles).toContain('"display":"inline-block"');

  const everything = model.requests.map((r) => JSON.stringify(r.body)).join('\n');
  for (const secret of SECRETS) expect(everything, secret).not.toContain(secret);
  // The refused reads touched nothing: the page's stores still hold their values, unread and unchanged.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('local-secret-2');
  expect(sites.requests({ host: 'api.test' })).toEqual([]);
  await witness.expectNoHits();
});
