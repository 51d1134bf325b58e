// Strict pages work: strict.test is served with `default-src 'self'; style-src 'self'; script-src 'self';
// require-trusted-types-for 'script'; trusted-types 'none'` (fixtures/sites/strict.test/_headers.json), so the
// page's own innerHTML throws (checked first: the fixture really is strict). On it a remixlet runs every dom
// operation, style.css, dom.addStyle, h.setStyle, h.setHTML and a keep through a redraw; each works or is
// refused with a reason, the page records no CSP violation caused by any of it, and the page policy still
// holds (a password field reads empty). Every agent tool works there too (a screenshot, the outline, queries,
// styles, each readable source of read_page_data, a click; then a permission card, writing, saving, the log
// and open_page) or refuses with its reason (cookies), with no violation of ours; and the recorder of
// rmx.network.observe (which runs in the page's own world) sees the page's responses.
import { test, expect } from '../harness';
import { install, manifest, openPanel, readLog } from '../remixlet';
import { PRELUDE } from './lab';
import { ScriptedModel, type Reply, type Turn } from '../assistant/scripted-model';
import { configureProvider, idle, send } from '../assistant/chat-helpers';
import { installWith, logMessages, perm } from '../services/helpers';
import { TOOL_NAMES } from '../../../contracts/assistant/tools';
import { READABLE_SOURCES } from '../../../contracts/assistant/read-sources';

const SCRIPT = `
const r = {};
const t = async (name, p) => { r[name] = await settle(p); };
const q = (sel) => dom.query(sel);

await t('query', q('#heading').then((h) => h.tag));
await t('queryAll', dom.queryAll('.item').then((l) => l.length));
await t('waitFor', dom.waitFor('#main', { timeout: 2000 }).then((h) => h.tag));
await t('url', dom.url());
await t('title', dom.title());
await t('text', q('#intro').then((h) => h.text()));
await t('attr', q('#home').then((h) => h.attr('href')));
await t('value', q('#user').then((h) => h.value()));
await t('pwValue', q('#password').then((h) => h.value()));
await t('html', q('#intro').then((h) => h.html()));
await t('rect', q('#card').then((h) => h.rect()).then((b) => b.width));
await t('computedStyle', q('#card').then((h) => h.computedStyle(['width'])).then((s) => s.width));
await t('matches', q('#card').then((h) => h.matches('.card')));
await t('closest', q('#intro b').then((h) => h.closest('main')).then((h) => h.tag));
await t('parent', q('#intro b').then((h) => h.parent()).then((h) => h.tag));
await t('children', q('#list').then((h) => h.children()).then((l) => l.length));
await t('setText', q('#intro b').then((h) => h.setText('strong')));
await t('setAttr', q('#card').then((h) => h.setAttr('seen', 'yes')));
await t('removeAttr', q('#card').then(async (h) => { await h.setAttr('temp', 'x'); return h.removeAttr('temp'); }));
await t('addClass', q('#card').then((h) => h.addClass('hot')));
await t('removeClass', q('#card').then(async (h) => { await h.addClass('cold'); return h.removeClass('cold'); }));
await t('setStyle', q('#card').then((h) => h.setStyle({ 'background-color': 'rgb(1, 2, 3)' })));
await t('hideShow', q('#heading').then(async (h) => { await h.hide(); return h.show(); }));
await t('remove', q('.item:last-child').then((h) => h.remove()));
await t('setValue', q('#user').then((h) => h.setValue('bob')));
await t('setHTML', q('#slot').then((h) => h.setHTML('<section class="made"><h2>Made</h2><p>by a remixlet</p></section>')));
await t('clone', q('.item').then((h) => h.clone()).then(async (c) => { await (await q('#list')).append(c); return c.tag; }));
await t('create', dom.create('p', { attrs: { class: 'created' }, text: 'created' }).then(async (c) => { await (await q('#main')).prepend(c); return c.tag; }));
await t('insert', Promise.all([q('#card'), q('#intro')]).then(([card, intro]) => intro.after(card)));
await t('addStyle', dom.addStyle('#heading { color: rgb(0, 128, 0) }'));
await t('click', q('#card').then((h) => h.click()));
await t('focus', q('#user').then((h) => h.focus()));
await t('on', q('#card').then((h) => h.on('click', () => {})).then((l) => typeof l.off));
await t('observe', dom.observe('.late', () => {}).then((o) => typeof o.stop));
rmx.keep('banner hidden', {
  check: async () => { const b = await dom.query('#banner'); return !b || (await b.computedStyle(['display'])).display === 'none'; },
  repair: async () => { const b = await dom.query('#banner'); if (b) await b.hide(); },
});
await report(r);
await status('done');
`;

const STYLE = '#intro { color: rgb(4, 5, 6) }';

type Settled = { ok: boolean; value?: unknown; code?: string; reason?: string };

/**
 * The one violation the page causes itself (its own innerHTML, refused): seeing it proves the recorder
 * works; any other entry is something the extension did that the page's CSP blocked.
 */
const PAGES_OWN_VIOLATION = ['require-trusted-types-for trusted-types-sink Element innerHTML|<b>made by innerHTML</b>'];
const violations = (page: import('@playwright/test').Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

test('on a strict-CSP, Trusted Types page every dom operation, style.css, dom.addStyle and a keep work, and nothing the extension does is blocked', async ({ openPage, openExtensionPage, tabIdOf, witness }) => {
  const page = await openPage('strict.test', '/');
  // The fixture is strict: the page's own innerHTML is refused by Trusted Types.
  expect(await page.evaluate(() => (window as unknown as { __innerHTML: string }).__innerHTML)).toBe('refused: TypeError');
  await witness.clear();
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  const { remixletId } = await install(panel, tabId, {
    'manifest.json': manifest({ name: 'Strict', matches: ['*://strict.test/*'] }),
    'script.js': `${PRELUDE}\n${SCRIPT}`,
    'style.css': STYLE,
  });
  await page.reload();
  await page.bringToFront();
  try {
    await expect(page.locator('#status')).toHaveText('done', { timeout: 30_000 });
  } catch (e) {
    const log = await readLog(panel, remixletId).catch(() => []);
    throw new Error(`${String(e)}\n${log.slice(0, 15).map((l) => `${l.level}: ${l.message.slice(0, 300)}`).join('\n')}`);
  }
  const r = JSON.parse((await page.locator('#results').textContent())!) as Record<string, Settled>;
  const refused = Object.entries(r).filter(([, v]) => !v.ok);
  expect(refused, 'every operation works on the strict page').toEqual([]);
  expect(r.pwValue!.value).toBe('');
  expect(r.html!.value).toContain('<b>');

  // What the page shows
  await expect(page.locator('#slot section.made h2')).toHaveText('Made');
  await expect(page.locator('#main > p.created')).toHaveText('created');
  await expect(page.locator('#intro b')).toHaveText('strong');
  await expect(page.locator('#card')).toHaveCSS('background-color', 'rgb(1, 2, 3)');
  await expect(page.locator('#heading')).toHaveCSS('color', 'rgb(0, 128, 0)');
  await expect(page.locator('#intro')).toHaveCSS('color', 'rgb(4, 5, 6)');
  await expect(page.locator('#heading')).toBeVisible();
  await expect(page.locator('#list .item')).toHaveCount(3);
  // The keep holds while the page replaces the banner.
  await expect(page.locator('#banner')).toBeHidden();
  await page.evaluate(() => (window as unknown as { redrawBanner: () => void }).redrawBanner());
  await expect(page.locator('#banner')).toHaveText('Sign up now (round 1)');
  await expect(page.locator('#banner')).toBeHidden();

  // Nothing the extension did was blocked (or needed to be): the page saw no violation but its own.
  expect(await violations(page)).toEqual(PAGES_OWN_VIOLATION);
  await witness.expectNoHits();
});

/** What the agent reads and does on the page, in one turn; a refused source must say why. */
const LOOK: Array<{ name: string; args: unknown }> = [
  { name: 'capture_page', args: {} },
  { name: 'outline_page', args: {} },
  { name: 'query_elements', args: { selector: '#login', html: true } },
  { name: 'inspect_styles', args: { selector: '#card', properties: ['width'] } },
  { name: 'read_page_data', args: { source: 'forms' } },
  { name: 'read_page_data', args: { source: 'structured_data' } },
  { name: 'read_page_data', args: { source: 'resources' } },
  { name: 'read_page_data', args: { source: 'json', url: '/data.json' } },
  { name: 'read_page_data', args: { source: 'variables', names: ['__innerHTML'] } },
  { name: 'read_page_data', args: { source: 'cookies' } },
  { name: 'click_element', args: { selector: '#card' } },
];

const STRICT_MANIFEST = JSON.stringify({
  name: 'Strict heading',
  description: 'Renames the heading',
  matches: ['*://strict.test/*'],
  runAt: 'document_idle',
  permissions: [{ name: 'storage', reason: 'count visits' }],
});
const STRICT_SCRIPT = "await rmx.storage.set('seen', 1);\nawait (await dom.query('#heading')).setText('Renamed by the agent');\nrmx.log('renamed');";

/** Then, in a second turn, it builds a remixlet there: the tools that ask, write, save, read the log and open a page. */
function build(turn: Turn): Reply {
  const last = turn.last;
  switch (turn.step) {
    case 0:
      return { toolCalls: [{ name: 'request_permissions', args: { permissions: [{ name: 'storage', reason: 'count visits' }] } }] };
    case 1:
      return { toolCalls: [{ name: 'write_files', args: { files: { 'manifest.json': STRICT_MANIFEST, 'script.js': STRICT_SCRIPT } } }] };
    case 2:
      return { toolCalls: [{ name: 'save_remixlet', args: {} }] };
    case 3: {
      const saved = JSON.parse(last?.content ?? '{}') as { remixletId?: string };
      return { toolCalls: [{ name: 'read_log', args: { remixletId: saved.remixletId ?? 'aaaaaaaa' } }] };
    }
    case 4:
      return { toolCalls: [{ name: 'open_page', args: { url: 'http://strict.test/' } }] };
    default:
      return { text: 'Built.' };
  }
}

test("every agent tool reads, acts or builds on the strict page, or refuses with its reason, and none of it is blocked", async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  const model = new ScriptedModel((turn: Turn): Reply => {
    if (turn.user.startsWith('Rename')) return build(turn);
    return turn.step < LOOK.length ? { toolCalls: [LOOK[turn.step]!] } : { text: 'Looked.' };
  });
  const baseURL = model.install(sites);
  const page = await openPage('strict.test', '/');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  await configureProvider(panel, { baseURL });
  // The chat in a window of its own, the page shown in its window: where a screenshot can be offered.
  await panel.evaluate(async (pageTab) => {
    const here = (await chrome.tabs.getCurrent())!;
    await chrome.windows.create({ tabId: here.id! });
    await chrome.tabs.update(pageTab, { active: true });
  }, tabId);

  await send(panel, 'What is on this page?');
  await idle(panel, 40_000);
  const looked = model.requests.at(-1)!;
  expect(looked.body.tools?.map((t) => t.function.name)).toContain('capture_page');
  const results = looked.body.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
  expect(results).toHaveLength(LOOK.length);
  const [capture, outline, query, styles, forms, structured, resources, json, variables, cookies, click] = results;
  const refusedWith = /^[A-Z_]+: /;
  for (const r of [capture, outline, query, styles, forms, structured, resources, json, variables, click]) expect(r).not.toMatch(refusedWith);
  expect(capture).toMatch(/^Screenshot taken \(\d+×\d+\)/);
  await expect(panel.locator('.chat .tool[data-tool="capture_page"]')).toHaveAttribute('data-state', 'done');
  expect(outline).toContain('h1#heading.title');
  expect(query).toContain('type=\\"password\\"');
  expect(query).not.toContain('hunter2');
  expect(styles).toContain('"width":"200px"');
  expect(forms).not.toContain('hunter2');
  expect(forms).toContain('alice');
  expect(structured).toContain('A page with every policy shut');
  expect(structured).toContain('WebPage');
  expect(resources).toContain('http://strict.test/page.js');
  expect(json).toContain('one');
  // The page's own variable, read in its own world: its innerHTML was refused by its Trusted Types.
  expect(variables).toContain('refused: TypeError');
  // A source the agent never reads says why.
  expect(cookies).toMatch(/^READ_REFUSED: Cookies are never read by the agent/);
  expect(await violations(page)).toEqual(PAGES_OWN_VIOLATION);

  await send(panel, 'Rename the heading.');
  const card = panel.locator('section.approval[data-approval-kind="permissions"]');
  await card.getByRole('button', { name: 'Allow' }).click();
  await idle(panel, 40_000);
  const built = model.requests.at(-1)!.body.messages;
  const turn = built.slice(built.map((m) => m.role).lastIndexOf('user') + 1);
  const [asked, wrote, saved, log, opened] = turn.filter((m) => m.role === 'tool').map((m) => String(m.content));
  for (const r of [asked, wrote, saved, log, opened]) expect(r).not.toMatch(refusedWith);
  expect(asked).toContain('allowed');
  expect(saved).toContain('activated');
  expect(log).toContain('renamed');
  expect(opened).toContain('http://strict.test/');
  await expect(panel.locator('.chat .tool[data-tool="save_remixlet"] .tool-state')).toHaveText('saved: version 1 applies');
  // The page open_page loaded runs the saved remixlet, and sees no violation but its own.
  await expect(page.locator('#heading')).toHaveText('Renamed by the agent');
  expect(await violations(page)).toEqual(PAGES_OWN_VIOLATION);

  // Every tool the model is given was used here.
  const used = new Set(model.requests.flatMap((r) => r.body.messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.function.name))));
  expect(TOOL_NAMES.filter((name) => !used.has(name))).toEqual([]);
  const sources = new Set([...LOOK].filter((c) => c.name === 'read_page_data').map((c) => (c.args as { source: string }).source));
  expect(READABLE_SOURCES.filter((source) => !sources.has(source))).toEqual([]);
});

test('the recorder (rmx.network.observe) sees the strict page’s own responses', async ({ openPage, openExtensionPage, tabIdOf }) => {
  const page = await openPage('strict.test', '/');
  const tabId = await tabIdOf(page);
  const script = `await rmx.network.observe('strict.test', (r) => rmx.log('SEEN ' + new URL(r.url).pathname + ' ' + r.body));\nrmx.log('READY');`;
  const { panel, remixletId } = await installWith(openExtensionPage, tabId, { matches: ['*://strict.test/*'], permissions: [perm('network:observe:strict.test')], script });
  await page.reload();
  await expect.poll(async () => (await logMessages(panel, remixletId)).includes('READY'), { timeout: 20_000 }).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { loadData: () => Promise<unknown> }).loadData())).toEqual({ items: ['one', 'two'] });
  await expect.poll(async () => (await logMessages(panel, remixletId)).filter((m) => m.startsWith('SEEN ')), { timeout: 10_000 }).toEqual(['SEEN /data.json {"items": ["one", "two"]}\n']);
  expect(await violations(page)).toEqual(PAGES_OWN_VIOLATION);
});
