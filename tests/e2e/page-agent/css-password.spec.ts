// Issue 24, by class, in a real Chromium with the witnesses: remixlet CSS (style.css, dom.addStyle,
// h.setStyle) cannot make the page load an address the page does not load itself, var() included, and
// nothing a remixlet can observe depends on what is typed into a password field (layout by content,
// selector state). Each class starts with a positive control: the same CSS put in by the page itself
// (or, for geometry, in a browser without the extension) does load the witness's address, or does move
// the measured box, or does change which elements match; then every variant through the extension is
// refused with a typed refusal (a value state in a sheet goes in guarded instead: value-state-guard.spec.ts),
// and the witness records nothing.
import type { Page } from '@playwright/test';
import { test, expect, launchContext, type Sites } from '../harness';
import { install, manifest, openPanel, readLog } from '../remixlet';
import { PRELUDE, labPage, saveMany } from './lab';

/** The lab page with the page's own style and elements added (the page, not the remixlet, wrote them). */
function pageWith(head: string, body: string, data: Record<string, unknown[]> = {}): string {
  return labPage(data).replace('</head>', `${head}\n</head>`).replace('<div id="lab"></div>', `${body}\n<div id="lab"></div>`);
}

/** Custom properties the page defines and never uses, each holding an address on the witness. */
const VARIANTS = ['bg', 'chain', 'content', 'cursor', 'mask', 'esc', 'short', 'list'] as const;
function pageVars(tag: string): string {
  const defs = VARIANTS.map((v) => `--u-${v}: url(https://leaking.via/var/${v}.png?page=${tag});`).join(' ');
  // The page's own rule uses --a where it loads; --a is never defined by the page, so nothing loads.
  return `<style>:root { ${defs} } .probe { display: block; width: 24px; height: 24px; } #p-chain { background-image: var(--a); } #p-list { display: list-item; margin-left: 40px; }</style>`;
}
const PROBES = VARIANTS.map((v) => `<div class="probe" id="p-${v}">${v}</div>`).join('');

/** The hostile sheets: each makes the page load one of its unused addresses (the control proves it). */
const SHEETS: Array<{ id: string; css: string }> = [
  { id: 'bg', css: '#p-bg { background-image: var(--u-bg); }' },
  { id: 'chain', css: '#p-chain { --a: var(--u-chain); }' },
  { id: 'content', css: '#p-content::before { content: var(--u-content); }' },
  { id: 'cursor', css: '#p-cursor { cursor: var(--u-cursor), auto; }' },
  { id: 'mask', css: '#p-mask { -webkit-mask-image: var(--u-mask); mask-image: var(--u-mask); }' },
  { id: 'esc', css: '#p-esc { background-image: v\\61r(--u-esc); }' },
  { id: 'short', css: '#p-short { BACKGROUND: VAR(--u-short); }' },
  { id: 'list', css: '#p-list { list-style-image: var(--u-list); }' },
];
/** The same through h.setStyle, one property on the page's own element. */
const STYLES: Array<{ id: string; sel: string; props: Record<string, string> }> = [
  { id: 'bg', sel: '#p-bg', props: { 'background-image': 'var(--u-bg)' } },
  { id: 'chain', sel: '#p-chain', props: { '--a': 'var(--u-chain)' } },
  { id: 'content', sel: '#p-content', props: { content: 'var(--u-content)' } },
  { id: 'cursor', sel: '#p-cursor', props: { cursor: 'var(--u-cursor), auto' } },
  { id: 'mask', sel: '#p-mask', props: { '-webkit-mask-image': 'var(--u-mask)' } },
  { id: 'esc', sel: '#p-esc', props: { 'background-image': 'v\\61r(--u-esc)' } },
  { id: 'short', sel: '#p-short', props: { background: 'var(--u-short)' } },
  { id: 'list', sel: '#p-list', props: { 'list-style-image': 'var(--u-list)' } },
];

/** Runs every sheet through dom.addStyle and every style through h.setStyle; reports code and reason of each. */
const VAR_SCRIPT = `
const sheets = await readData('sheets');
const styles = await readData('styles');
const out = {};
const said = (o) => (o.ok ? 'ok' : o.code + ' ' + o.reason);
for (const s of sheets) out['add:' + s.id] = said(await settle(dom.addStyle(s.css)));
for (const s of styles) out['set:' + s.id] = said(await settle(dom.query(s.sel).then((h) => h.setStyle(s.props))));
await report(out);
await status('done');
`;

interface Fx {
  sites: Sites;
  openPage: (host: string, path?: string) => Promise<Page>;
  openExtensionPage: (path: string) => Promise<Page>;
  tabIdOf: (page: Page) => Promise<number>;
}

/** Serves `html` at `route`, installs a lab remixlet running `script`, reloads, waits for "done". */
async function runOn(fx: Fx, route: string, html: string, script: string): Promise<{ page: Page; panel: Page; tabId: number; results: Record<string, string> }> {
  fx.sites.route('lab.test', route, () => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body: html }));
  const page = await fx.openPage('lab.test', route);
  const tabId = await fx.tabIdOf(page);
  const panel = await openPanel(fx.openExtensionPage, tabId);
  const installed = await install(panel, tabId, { 'manifest.json': manifest({ name: 'CSS probe', matches: ['*://lab.test/*'] }), 'script.js': `${PRELUDE}\n${script}` });
  await page.reload();
  try {
    await expect(page.locator('#status')).toHaveText('done', { timeout: 30_000 });
  } catch (e) {
    const log = await readLog(panel, installed.remixletId).catch(() => []);
    throw new Error(`${String(e)}\n${log.slice(0, 10).map((l) => `${l.level}: ${l.message.slice(0, 300)}`).join('\n')}`);
  }
  const results = JSON.parse((await page.locator('#results').textContent()) ?? '{}') as Record<string, string>;
  return { page, panel, tabId, results };
}

test('var() in remixlet CSS cannot load an address the page defined but never loads: style.css, dom.addStyle, h.setStyle', async ({ sites, openPage, openExtensionPage, tabIdOf, witness }) => {
  test.setTimeout(120_000);
  // Control: the page itself adds the same sheets; each unused address is loaded, and the witness sees it.
  sites.route('lab.test', '/var-control.html', () => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body: pageWith(pageVars('control'), PROBES) }));
  const control = await openPage('lab.test', '/var-control.html');
  await witness.clear();
  await control.addStyleTag({ content: SHEETS.map((s) => s.css).join('\n') });
  await control.locator('#p-cursor').hover();
  const seen = await witness.waitForHits(
    (hits) => VARIANTS.every((v) => hits.some((h) => h.host === 'leaking.via' && h.path === `/var/${v}.png?page=control`)),
    { timeout: 15_000, message: 'the page\'s own sheets load every unused address' },
  );
  expect(seen.filter((h) => h.path?.startsWith('/var/')).length).toBeGreaterThanOrEqual(VARIANTS.length);
  await control.close();

  // Through the extension: nothing is added, every call is a typed refusal that says what to write instead.
  await witness.clear();
  const { page, panel, tabId, results } = await runOn(
    { sites, openPage, openExtensionPage, tabIdOf },
    '/var.html',
    pageWith(pageVars('hostile'), PROBES, { sheets: SHEETS, styles: STYLES }),
    VAR_SCRIPT,
  );
  expect(Object.keys(results).sort()).toEqual([...SHEETS.map((s) => `add:${s.id}`), ...STYLES.map((s) => `set:${s.id}`)].sort());
  for (const [k, v] of Object.entries(results)) {
    // A sheet's background whose whole value is a var() goes in as a background-color (no load, below).
    if (k === 'add:short') expect(v, k).toBe('ok');
    else expect(v, k).toMatch(/^STYLE_REFUSED .*(?:var\(\) in |in the custom property --a)/);
  }
  expect(results['set:short']).toContain('background-color');
  expect(results['set:chain']).toContain('Write the value itself');
  // The page's elements kept no style from the remixlet.
  expect(await page.evaluate(() => [...document.querySelectorAll('.probe')].map((el) => (el as HTMLElement).style.cssText).join(''))).toBe('');

  // style.css: each sheet is refused at save, with STYLE_LOAD_REFUSED on style.css.
  const own = { 'manifest.json': manifest({ name: 'CSS probe styles', matches: ['*://lab.test/*'] }) };
  const saved = await saveMany(panel, tabId, SHEETS.map((s) => ({ ...own, 'style.css': s.css })));
  for (const [i, o] of saved.entries()) {
    if (SHEETS[i]!.id === 'short') {
      expect(o.status, 'short').toBe('activated');
      continue;
    }
    expect(o.status, SHEETS[i]!.id).toBe('refused');
    expect(o.refusals!.map((r) => `${r.file} ${r.code}`), SHEETS[i]!.id).toContain('style.css STYLE_LOAD_REFUSED');
  }
  // The page again, with the 'short' style.css in (its background goes in as a color: next test).
  await page.reload();
  await page.mouse.move(5, 5);
  await witness.expectNoHits({ settleMs: 1_500 });
});

/** The page's colors and addresses, defined and never used; the remixlet's backgrounds are each one var(). */
const BG_HEAD = `<style>
  :root { --tone: rgb(1, 2, 3); --u-style: url(https://leaking.via/bg/style.png); --u-added: url(https://leaking.via/bg/added.png); }
  .bg { display: block; width: 24px; height: 24px; }
</style>`;
const BG_BODY = '<div class="bg" id="bg-tone"></div><div class="bg" id="bg-style"></div><div class="bg" id="bg-added"></div><div class="bg" id="bg-fallback"></div>';
const BG_STYLE = '#bg-tone { background: var(--tone); }\n#bg-style { BACKGROUND: var(--u-style) !important; }';
const BG_ADDED = '#bg-added { background: var(--u-added, #eef2ff); }\n#bg-fallback { background: var(--unset, rgb(4, 5, 6)); }';

test('a background whose whole value is a var() goes in as a color: the page\'s color paints, the page\'s address loads nothing', async ({ sites, openPage, openExtensionPage, tabIdOf, witness }) => {
  const backgrounds = (p: Page) => p.evaluate(() => Object.fromEntries([...document.querySelectorAll('.bg')].map((el) => [el.id, `${getComputedStyle(el).backgroundColor} ${getComputedStyle(el).backgroundImage}`])));
  // Control: the page puts in the same sheets, and loads both addresses.
  sites.route('lab.test', '/bg-control.html', () => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body: pageWith(BG_HEAD, BG_BODY) }));
  const control = await openPage('lab.test', '/bg-control.html');
  await witness.clear();
  await control.addStyleTag({ content: `${BG_STYLE}\n${BG_ADDED}` });
  await witness.waitForHits((hits) => ['style', 'added'].every((v) => hits.some((h) => h.host === 'leaking.via' && h.path === `/bg/${v}.png`)), {
    timeout: 15_000,
    message: "the page's own sheet loads both addresses",
  });
  await control.close();

  await witness.clear();
  sites.route('lab.test', '/bg.html', () => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body: pageWith(BG_HEAD, BG_BODY, { added: [BG_ADDED] }) }));
  const page = await openPage('lab.test', '/bg.html');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  await install(panel, tabId, {
    'manifest.json': manifest({ name: 'Color backgrounds', matches: ['*://lab.test/*'] }),
    'style.css': BG_STYLE,
    'script.js': `${PRELUDE}\nconst [css] = await readData('added');\nawait dom.addStyle(css);\nawait status('done');`,
  });
  await page.reload();
  await expect(page.locator('#status')).toHaveText('done', { timeout: 30_000 });
  // style.css is in (the page's color paints #bg-tone) and so is the added sheet (its fallback paints #bg-fallback).
  await expect
    .poll(() => backgrounds(page), { timeout: 15_000 })
    .toEqual({ 'bg-tone': 'rgb(1, 2, 3) none', 'bg-style': 'rgba(0, 0, 0, 0) none', 'bg-added': 'rgba(0, 0, 0, 0) none', 'bg-fallback': 'rgb(4, 5, 6) none' });
  await witness.expectNoHits({ settleMs: 1_000 });
});

/**
 * The page defines, on the very elements, the same custom property names a remixlet's sheet defines and
 * uses, each as an address it never loads, and !important: the cascade would give the page's value.
 */
const OWN_HEAD = `<style>
  html body .own { display: block; width: 24px; height: 24px; }
  html body #own-style { --bg: url(https://leaking.via/own/style.png) !important; }
  html body #own-add { --tone: url(https://leaking.via/own/add.png) !important; }
  html body #own-nested { --bg: url(https://leaking.via/own/nested.png) !important; }
</style>`;
const OWN_BODY = '<div class="own" id="own-style"></div><div class="own" id="own-add"></div><div class="wrap"><div class="own" id="own-nested"></div></div>';
const OWN_STYLE = ':root { --bg: #123456; }\n#own-style { background: var(--bg); }\n.wrap { & #own-nested { background: var(--bg) no-repeat; } }';
const OWN_ADDED = ':root { --tone: #654321 }\n#own-add { background: var(--tone); }';

test('a var() of a property the remixlet\'s own sheet defines reads its own value, never the page\'s address of the same name', async ({ sites, openPage, openExtensionPage, tabIdOf, witness }) => {
  const colors = (p: Page) => p.evaluate(() => ['#own-style', '#own-add', '#own-nested'].map((s) => getComputedStyle(document.querySelector(s)!).backgroundColor));
  // Control: the same sheets put in by the page load the page's addresses (its !important definitions win).
  sites.route('lab.test', '/own-control.html', () => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body: pageWith(OWN_HEAD, OWN_BODY) }));
  const control = await openPage('lab.test', '/own-control.html');
  await witness.clear();
  await control.addStyleTag({ content: `${OWN_STYLE}\n${OWN_ADDED}` });
  await witness.waitForHits((hits) => ['style', 'add', 'nested'].every((v) => hits.some((h) => h.host === 'leaking.via' && h.path === `/own/${v}.png`)), {
    timeout: 15_000,
    message: "the page's own definitions win in the page's sheet",
  });
  await control.close();

  await witness.clear();
  sites.route('lab.test', '/own.html', () => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body: pageWith(OWN_HEAD, OWN_BODY, { added: [OWN_ADDED] }) }));
  const page = await openPage('lab.test', '/own.html');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  await install(panel, tabId, {
    'manifest.json': manifest({ name: 'Own variables', matches: ['*://lab.test/*'] }),
    'style.css': OWN_STYLE,
    'script.js': `${PRELUDE}\nconst [css] = await readData('added');\nawait dom.addStyle(css);\nawait status('done');`,
  });
  await page.reload();
  await expect(page.locator('#status')).toHaveText('done', { timeout: 30_000 });
  // The remixlet's colors, from its own definitions.
  await expect.poll(() => colors(page), { timeout: 15_000 }).toEqual(['rgb(18, 52, 86)', 'rgb(101, 67, 33)', 'rgb(18, 52, 86)']);
  await witness.expectNoHits({ settleMs: 1_000 });
});

/** A login form whose password field the page sizes to its content when the page itself asks for it. */
const FIELD_HEAD = '<style>#password { font: 16px monospace; width: auto; } .page-sizes #password { field-sizing: content; }</style>';

/** Width of the password field after typing `text` into it (emptied first). */
async function widthAfterTyping(page: Page, text: string): Promise<number> {
  await page.locator('#password').fill('');
  await page.locator('#password').pressSequentially(text);
  return page.locator('#password').evaluate((el) => el.getBoundingClientRect().width);
}

const FIELD_SHEETS = [
  '#password { field-sizing: content; }',
  '#password { FIELD-SIZING: content; }',
  '#password { fi\\65ld-sizing: content; }',
  '#password { -webkit-field-sizing: content; }',
  '@media all { #login input { field-sizing: content !important; } }',
  '#login { & input[type=password] { field-sizing: content; } }',
  '@supports (field-sizing: content) { #password { width: 1px; } }',
  '#password { -webkit-text-security: none; }',
  '#password { -WEBKIT-text-secu\\72ity: none; }',
];
/** h.setStyle on the password field is refused before its CSS is read (PASSWORD_FIELD_LOCKED); these go on its form and the user field. */
const FIELD_STYLES: Array<{ sel: string; props: Record<string, string> }> = [
  { sel: '#user', props: { 'field-sizing': 'content' } },
  { sel: '#user', props: { 'FIELD-SIZING': 'content' } },
  { sel: '#user', props: { '-webkit-field-sizing': 'content' } },
  { sel: '#user', props: { '-webkit-text-security': 'none' } },
  { sel: '#login', props: { '--x': '1px; field-sizing: content' } },
  { sel: '#password', props: { 'field-sizing': 'content' } },
];
const FIELD_SCRIPT = `
const sheets = await readData('sheets');
const styles = await readData('styles');
const out = {};
const said = (o) => (o.ok ? 'ok' : o.code + ' ' + o.reason);
for (const [i, css] of sheets.entries()) out['add:' + i] = said(await settle(dom.addStyle(css)));
for (const [i, s] of styles.entries()) out['set:' + i] = said(await settle(dom.query(s.sel).then((h) => h.setStyle(s.props))));
await report(out);
await status('done');
`;

test('a password field cannot be sized to what is typed: control without the extension grows, every remixlet spelling is refused', async ({ sites, openPage, openExtensionPage, tabIdOf, servers, witness }) => {
  test.setTimeout(120_000);
  sites.route('lab.test', '/field-control.html', () => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body: pageWith(FIELD_HEAD, '') }));
  // Control, in a browser without the extension: the page's own field-sizing: content makes the width follow the typing.
  const plain = await launchContext({ proxyPort: servers.proxy.port, tag: witness.tag });
  try {
    const page = await plain.context.newPage();
    await page.goto(sites.url('lab.test', '/field-control.html'));
    await page.evaluate(() => document.body.classList.add('page-sizes'));
    const widths = [await widthAfterTyping(page, 'a'), await widthAfterTyping(page, 'abcd'), await widthAfterTyping(page, 'abcdefghij')];
    expect(widths[1]!).toBeGreaterThan(widths[0]! + 10);
    expect(widths[2]!).toBeGreaterThan(widths[1]! + 20);
  } finally {
    await plain.close();
  }

  // Through the extension: every spelling in dom.addStyle, h.setStyle and style.css is refused.
  const { page, panel, tabId, results } = await runOn(
    { sites, openPage, openExtensionPage, tabIdOf },
    '/field.html',
    pageWith(FIELD_HEAD, '', { sheets: FIELD_SHEETS, styles: FIELD_STYLES }),
    FIELD_SCRIPT,
  );
  expect(Object.keys(results)).toHaveLength(FIELD_SHEETS.length + FIELD_STYLES.length);
  for (const [k, v] of Object.entries(results)) {
    if (k === `set:${FIELD_STYLES.length - 1}`) expect(v, k).toMatch(/^PASSWORD_FIELD_LOCKED /);
    else expect(v, k).toMatch(/^STYLE_REFUSED .*changes how a form field sizes itself to its content or masks it/);
  }
  const own = { 'manifest.json': manifest({ name: 'Field sizing styles', matches: ['*://lab.test/*'] }) };
  const saved = await saveMany(panel, tabId, FIELD_SHEETS.map((css) => ({ ...own, 'style.css': css })));
  for (const [i, o] of saved.entries()) {
    expect(o.status, FIELD_SHEETS[i]).toBe('refused');
    expect(o.refusals!.map((r) => `${r.file} ${r.code}`), FIELD_SHEETS[i]).toContain('style.css STYLE_REFUSED');
  }
  // The field's box does not follow what is typed.
  const widths = [await widthAfterTyping(page, 'a'), await widthAfterTyping(page, 'abcdefghij')];
  expect(widths[1]).toBe(widths[0]);
  await witness.expectNoHits();
});

/** Selectors whose match follows the password field's value: emptiness, validity against the page's minlength, autofill. */
const STATE_SELECTORS = [
  '#password:placeholder-shown',
  '#password:PLACEHOLDER-SHOWN',
  '#password:v\\61lid',
  '#password:invalid',
  'form:has(#password:valid)',
  '#login:invalid',
  ':is(#password):user-invalid',
  '#password:not(:placeholder-shown)',
  '#password:-webkit-autofill',
  '#password:autofill',
];
const STATE_SCRIPT = `
const sels = await readData('sels');
const out = {};
const said = (o) => (o.ok ? 'ok' : o.code + ' ' + o.reason);
const pw = await dom.query('#password');
for (const [i, sel] of sels.entries()) {
  out['matches:' + i] = said(await settle(pw.matches(sel)));
  out['query:' + i] = said(await settle(dom.query(sel)));
  out['waitFor:' + i] = said(await settle(dom.waitFor(sel, { timeout: 50 })));
  out['add:' + i] = said(await settle(dom.addStyle(sel + ' { outline: 1px solid red; }')));
}
await report(out);
await status('done');
`;

test('selectors that follow a password field\'s value are refused in every dom selector, and go into a sheet guarded: control shows they change as it is typed', async ({ sites, openPage, openExtensionPage, tabIdOf, witness }) => {
  test.setTimeout(120_000);
  const head = '<style>#password::placeholder { color: gray; }</style>';
  // The page's field with a placeholder and a minimum length, emptied, so its state changes as it is typed.
  const setUp = (p: Page) => p.evaluate(() => {
    const pw = document.getElementById('password') as HTMLInputElement;
    pw.placeholder = 'Password';
    pw.minLength = 8;
    pw.value = '';
  });
  sites.route('lab.test', '/state-control.html', () => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body: pageWith(head, '') }));
  const control = await openPage('lab.test', '/state-control.html');
  await setUp(control);
  const state = () => control.evaluate(() => [document.querySelector('#password:placeholder-shown') !== null, document.querySelector('form:has(#password:valid)') !== null]);
  // Empty: the placeholder shows (an empty value is not too short). Three characters typed: too short. Eleven: long enough.
  expect(await state()).toEqual([true, true]);
  await control.locator('#password').pressSequentially('abc');
  expect(await state()).toEqual([false, false]);
  await control.locator('#password').pressSequentially('defghijk');
  expect(await state()).toEqual([false, true]);
  await control.close();

  const { results } = await runOn({ sites, openPage, openExtensionPage, tabIdOf }, '/state.html', pageWith(head, '', { sels: STATE_SELECTORS }), STATE_SCRIPT);
  expect(Object.keys(results)).toHaveLength(STATE_SELECTORS.length * 4);
  for (const [k, v] of Object.entries(results)) {
    // A sheet takes them, with the guard in front of each state (what that guarantees, with its own
    // control, is value-state-guard.spec.ts); a dom selector on a page with a password field does not.
    if (k.startsWith('add:')) expect(v, k).toBe('ok');
    else expect(v, k).toMatch(/^SELECTOR_TESTS_PASSWORD .*depends on a form field's value/);
  }
  await witness.expectNoHits();
});
