// Nothing a remixlet can observe depends on what is typed into a password field: a form control or an
// editable element whose type is password or whose autocomplete names current-password or new-password.
// Attacked by class, each with a positive control that shows the same trick does reveal the typing where
// the protection is absent:
// - geometry: fields the page sizes to their content (its own CSS, inline !important, a shadow root), the
//   layout around them, fonts chosen per character: the boxes a remixlet measures before and after the
//   person types stay the same (the worker's user-origin sheet pins every password field's size);
// - selector state: pseudo-classes whose match depends on the value (:placeholder-shown, :valid, :invalid,
//   :user-invalid, in :has/:is/:not/:where, escaped, in any case, form-level) are refused in every dom
//   selector while the page has a password field, and go into a dom.addStyle sheet guarded, never true of it;
// - what is typed: value, text, HTML, the value attribute and event copies of a textarea, an editable
//   element and text fields whose autocomplete names a password read as empty.
import { test, expect } from '../harness';
import type { Page } from '@playwright/test';
import { runLab } from './lab';

/**
 * Fields whose layout follows what is typed into them, each in its own way, each in its own measured line:
 * sized to their content (the page's sheet, inline !important, inside a shadow root, a textarea), and
 * fonts chosen per character, which move the field's baseline and the line around it even when the box
 * keeps its size (inline, flex and grid baseline alignment).
 */
const GEOMETRY_MARKUP = `
<style>
  #g3 { field-sizing: content; }
  #g5host { display: inline-block; }
  @font-face { font-family: tall-a; src: local("DejaVu Sans"), local("Liberation Sans"), local("Noto Sans"); unicode-range: U+0061; size-adjust: 400%; }
  @font-face { font-family: tall-digits; src: local("DejaVu Serif"), local("Liberation Serif"), local("Noto Serif"); unicode-range: U+0030-0039; ascent-override: 400%; }
  #g6 { font-family: tall-a, monospace; field-sizing: content; }
  #g7, #g8, #g9 { font-family: tall-digits, monospace; }
</style>
<div id="geometry">
  <p id="l1">x<input id="g1" type="password" style="field-sizing: content">y</p>
  <p id="l2">x<input id="g2" autocomplete="username current-password" style="field-sizing: content !important">y</p>
  <p id="l3">x<textarea id="g3" autocomplete="new-password" rows="1" cols="4"></textarea>y</p>
  <p id="l4"><input id="g4" type="PassWord" style="field-sizing: content"><b id="g4after">after</b></p>
  <p id="l5">x<span id="g5host"></span>y</p>
  <p id="l6">x<input id="g6" autocomplete="current-password">y</p>
  <p id="l7">x<input id="g7" autocomplete="current-password">y</p>
  <div id="l8" style="display: flex; align-items: baseline">x<input id="g8" autocomplete="new-password"><span id="g8after">y</span></div>
  <div id="l9" style="display: grid; grid-template-columns: auto auto; align-items: baseline"><input id="g9" autocomplete="current-password"><span id="g9after">y</span></div>
  <p id="l10">x<input id="g10" autocomplete="current-password">y</p>
</div>
<script>
  document.getElementById('g5host').attachShadow({ mode: 'open' }).innerHTML = '<style>input { field-sizing: content }</style><input type="password">';
</script>
`;
/** The boxes measured for each variant; without the pin, at least one of each changes with the typing. */
const VARIANTS: string[][] = [
  ['#l1', '#g1'],
  ['#l2', '#g2'],
  ['#l3', '#g3'],
  ['#l4', '#g4after'],
  ['#l5', '#g5host'],
  ['#l6', '#g6'],
  ['#l7'],
  ['#l8', '#g8after'],
  ['#l9', '#g9after'],
];
const MEASURED = [...VARIANTS.flat(), '#l10', '#geometry'];
/** The remixlet's own style.css picks a font per character for #g10 (in the control, the page's sheet does). */
const REMIXLET_STYLE = `@font-face { font-family: rx-tall-h; src: local("DejaVu Sans Mono"), local("Liberation Mono"), local("Noto Sans Mono"); unicode-range: U+0068; ascent-override: 500%; }
#g10 { font-family: rx-tall-h, monospace; }`;
const FIELDS: Array<[string, string]> = [
  ['#g1', 'aaaa hunter2'],
  ['#g2', 'aaaa hunter2'],
  ['#g3', 'aaaa hunter2 WWW WWW'],
  ['#g4', 'aaaa hunter2'],
  ['#g5host input', 'aaaa hunter2'],
  ['#g6', 'aaaa hunter2'],
  ['#g7', '2024'],
  ['#g8', '2024'],
  ['#g9', '2024'],
  ['#g10', 'hhhh'],
];

async function typeIntoAll(page: Page): Promise<void> {
  for (const [sel, text] of FIELDS) await page.locator(sel).pressSequentially(text);
}

test('geometry: the boxes a remixlet measures do not change as a password is typed, however the page sizes its fields', async ({ sites, openPage, openExtensionPage, tabIdOf }) => {
  // Control: the same page where no remixlet runs (so nothing is pinned) grows every measured box.
  sites.route('plain.test', '/geometry.html', () => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body: `<!doctype html><title>plain</title><style>${REMIXLET_STYLE}</style><body>${GEOMETRY_MARKUP}</body>` }));
  const plain = await openPage('plain.test', '/geometry.html');
  const measure = (p: Page) =>
    p.evaluate((sels) => {
      // Relative to the page's top: typing scrolls a field into view, which moves every viewport rectangle.
      const top = document.body.getBoundingClientRect();
      return Object.fromEntries(sels.map((s) => {
        const r = document.querySelector(s)!.getBoundingClientRect();
        return [s, [r.x - top.x, r.y - top.y, r.width, r.height].map((n) => Math.round(n * 100) / 100)];
      }));
    }, MEASURED);
  const plainBefore = await measure(plain);
  await typeIntoAll(plain);
  const plainAfter = await measure(plain);
  for (const boxes of [...VARIANTS, ['#l10']]) {
    const changed = boxes.filter((sel) => JSON.stringify(plainAfter[sel]) !== JSON.stringify(plainBefore[sel]));
    expect(changed, `control: some box of ${boxes.join(', ')} changes with the typing`).not.toEqual([]);
  }
  await plain.close();

  const lab = await runLab(
    { sites, openPage, openExtensionPage, tabIdOf },
    {
      route: '/geometry.html',
      markup: GEOMETRY_MARKUP,
      style: REMIXLET_STYLE,
      waitStatus: 'measured',
      script: `
        const targets = ${JSON.stringify(MEASURED)};
        async function measure() {
          const out = {};
          // Relative to the page's top: typing scrolls a field into view, which moves every viewport rectangle.
          const top = await (await dom.query('body')).rect();
          for (const sel of targets) {
            const r = await (await dom.query(sel)).rect();
            out[sel] = [r.x - top.x, r.y - top.y, r.width, r.height].map((n) => Math.round(n * 100) / 100);
          }
          return out;
        }
        await report(await measure(), '#results');
        await status('measured');
        await dom.waitFor('#typed', { timeout: 30000 });
        await report(await measure(), '#results2');
        await status('done');
      `,
    },
  );
  await typeIntoAll(lab.page);
  // The page itself still sees what was typed (the pin changes sizes, not fields).
  expect(await lab.page.locator('#g1').inputValue()).toBe('aaaa hunter2');
  await lab.page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<i id="typed"></i>'));
  await expect(lab.page.locator('#status')).toHaveText('done', { timeout: 60_000 });
  const before = await lab.results<Record<string, number[]>>('#results');
  const after = await lab.results<Record<string, number[]>>('#results2');
  for (const sel of MEASURED) expect(after[sel], `${sel} as a remixlet measures it`).toEqual(before[sel]);
});

/** Each probe asks one thing whose answer depends on #pw's value, through a different dom path. */
const STATE_PROBES = [
  { kind: 'matches', sel: '#pw:placeholder-shown', flips: true },
  { kind: 'matches', sel: '#pw:invalid', flips: true },
  { kind: 'query', sel: 'form:has(#pw:valid)', flips: true },
  { kind: 'query', sel: ':is(#pw):not(:placeholder-shown)', flips: true },
  { kind: 'matches', sel: '#pw:v\\61lid', flips: true },
  { kind: 'matches', sel: '#pw:PLACEHOLDER-SHOWN', flips: true },
  { kind: 'query', sel: '#lf:invalid', flips: true },
  { kind: 'queryAll', sel: ':where(#lf:has(:invalid))', flips: true },
  { kind: 'closest', sel: 'form:valid', flips: true },
  { kind: 'waitFor', sel: '#pw:placeholder-shown', flips: true },
  { kind: 'addStyle', sel: '#pw:placeholder-shown ~ #probe', flips: true },
  { kind: 'matches', sel: '#pw:user-invalid', flips: false },
  { kind: 'matches', sel: '#pw:autofill', flips: false },
  { kind: 'matches', sel: '#pw:-webkit-autofill', flips: false },
];

const STATE_SCRIPT = `
const probes = await readData('probes');
let round = 0;
async function ask(p) {
  const pw = await dom.query('#pw');
  switch (p.kind) {
    case 'matches': return pw.matches(p.sel);
    case 'query': return (await dom.query(p.sel)) !== null;
    case 'queryAll': return (await dom.queryAll(p.sel, { limit: 10 })).length;
    case 'closest': return (await pw.closest(p.sel)) !== null;
    case 'waitFor': return (await dom.waitFor(p.sel, { timeout: 50 })) !== null;
    case 'addStyle': {
      round++;
      await dom.addStyle('#probe { width: 10px } ' + p.sel + ' { width: ' + (70 + round) + 'px !important }');
      return Math.round((await (await dom.query('#probe')).rect()).width) > 10;
    }
  }
}
async function askAll() {
  const out = {};
  for (const p of probes) out[p.kind + ' ' + p.sel] = await settle(ask(p));
  return out;
}
await report(await askAll(), '#results');
await status('asked');
await dom.waitFor('#typed', { timeout: 30000 });
await report(await askAll(), '#results2');
await status('done');
`;

function stateMarkup(type: 'password' | 'text'): string {
  return `<form id="lf" action="/login2" method="post"><input id="pw" type="${type}" minlength="8" placeholder="Password" required><i id="probe" style="display: inline-block; height: 4px"></i></form>`;
}

type Answer = { ok: boolean; value?: unknown; code?: string; reason?: string };

test('selector state: value-dependent pseudo-classes are refused on every dom selector path while the page has a password field, and a sheet\'s never match it', async ({ sites, openPage, openExtensionPage, tabIdOf }) => {
  const fx = { sites, openPage, openExtensionPage, tabIdOf };

  // Control: on a page with no password field (the lab's login form taken out, #pw a plain text field), the
  // same questions are answered, and the answers change with the typing: this is the oracle being closed.
  const control = await runLab(fx, {
    route: '/state-control.html',
    data: { probes: STATE_PROBES },
    markup: stateMarkup('text'),
    rewrite: (html) => html.replace(/<form id="login"[\s\S]*?<\/form>/, ''),
    waitStatus: 'asked',
    script: STATE_SCRIPT,
  });
  await control.page.locator('#pw').pressSequentially('longenough1');
  await control.page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<i id="typed"></i>'));
  await expect(control.page.locator('#status')).toHaveText('done', { timeout: 60_000 });
  const cBefore = await control.results<Record<string, Answer>>('#results');
  const cAfter = await control.results<Record<string, Answer>>('#results2');
  for (const p of STATE_PROBES) {
    const k = `${p.kind} ${p.sel}`;
    expect(cBefore[k], `control before: ${k}`).toMatchObject({ ok: true });
    expect(cAfter[k], `control after: ${k}`).toMatchObject({ ok: true });
    if (p.flips) expect(cAfter[k]!.value, `control: ${k} changes with the typing`).not.toEqual(cBefore[k]!.value);
  }
  await control.page.close();

  const lab = await runLab(fx, { route: '/state.html', data: { probes: STATE_PROBES }, markup: stateMarkup('password'), waitStatus: 'asked', script: STATE_SCRIPT });
  await lab.page.locator('#pw').pressSequentially('longenough1');
  await lab.page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<i id="typed"></i>'));
  await expect(lab.page.locator('#status')).toHaveText('done', { timeout: 60_000 });
  const answers = await Promise.all(['#results', '#results2'].map((r) => lab.results<Record<string, Answer>>(r)));
  for (const [i, r] of answers.entries()) {
    for (const p of STATE_PROBES) {
      const k = `${p.kind} ${p.sel}`;
      // A sheet takes the state, guarded (contracts/policy/sheet-for-page.ts): it is never true of the
      // password field, so the probe keeps its width however much is typed.
      if (p.kind === 'addStyle') expect(r[k], `${i}: ${k}`).toEqual({ ok: true, value: false });
      else expect(r[k], `${i}: ${k}`).toMatchObject({ ok: false, code: 'SELECTOR_TESTS_PASSWORD' });
    }
  }
});

const DEFINITION_MARKUP = `
<div id="defs">
  <textarea id="d1" autocomplete="new-password"></textarea>
  <div id="d2" contenteditable="true" autocomplete="current-password" style="min-height: 1em"></div>
  <input id="d3" autocomplete="section-x current-password">
  <input id="d4" type="text" autocomplete="NEW-PASSWORD">
  <select id="d5" autocomplete="new-password"><option value="one">One</option><option value="two">Two</option></select>
  <textarea id="dplain"></textarea>
</div>`;

test('what is typed: a textarea, an editable element and text fields that name a password read as empty on every path', async ({ sites, openPage, openExtensionPage, tabIdOf }) => {
  const lab = await runLab(
    { sites, openPage, openExtensionPage, tabIdOf },
    {
      route: '/definition.html',
      markup: DEFINITION_MARKUP,
      waitStatus: 'listening',
      script: `
        const events = [];
        const defs = await dom.query('#defs');
        for (const type of ['keydown', 'keyup', 'input', 'beforeinput', 'change']) await defs.on(type, (e) => events.push(e));
        await status('listening');
        await dom.waitFor('#typed', { timeout: 30000 });
        const reads = {};
        for (const sel of ['#d1', '#d2', '#d3', '#d4', '#d5', '#dplain']) {
          const h = await dom.query(sel);
          reads[sel] = { value: await settle(h.value()), text: await settle(h.text()), html: await settle(h.html()), attr: await settle(h.attr('value')) };
        }
        reads.defsText = await settle(defs.text());
        reads.defsHtml = await settle(defs.html());
        reads.innerSpan = await settle(dom.query('#d2 span').then((h) => h && h.text()));
        await report({ reads, events: events.map((e) => ({ type: e.type, key: e.key, value: e.value })) });
        await status('done');
      `,
    },
  );
  const page = lab.page;
  for (const sel of ['#d1', '#d2', '#d3', '#d4']) await page.locator(sel).pressSequentially('hunter2');
  await page.locator('#d5').selectOption({ index: 1 });
  await page.locator('#dplain').pressSequentially('plainsecret');
  // Text the page itself puts inside the editable field is what was typed there too.
  await page.evaluate(() => document.getElementById('d2')!.insertAdjacentHTML('beforeend', '<span>hunter2-span</span>'));
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<i id="typed"></i>'));
  await expect(page.locator('#status')).toHaveText('done', { timeout: 60_000 });
  const r = await lab.results<{ reads: Record<string, unknown>; events: Array<{ type: string; key?: string; value?: string; target?: string }> }>();
  const all = JSON.stringify(r);
  // Control: the plain textarea's typing is readable, by value and by its key events.
  expect((r.reads['#dplain'] as { value: Answer }).value).toMatchObject({ ok: true, value: 'plainsecret' });
  // …and the only keys reported are the plain textarea's.
  expect(r.events.filter((e) => e.type === 'keydown' && e.key !== undefined).map((e) => e.key).join('')).toBe('plainsecret');
  // …and no event typing or choosing made in a password field arrived at all, not even one without its key
  // or value (how many there are is how long the password is): each event left is the textarea's, with both.
  expect(r.events.filter((e) => (e.type.startsWith('key') ? e.key : e.value) === undefined)).toEqual([]);
  // Nothing of what was typed into (or chosen in) a password field, on any path.
  expect(all).not.toContain('hunter2');
  // The choice made in the select reads as nothing chosen.
  expect((r.reads['#d5'] as { value: Answer }).value).toMatchObject({ ok: true, value: '' });
});

/**
 * Fields whose characters a per-character web font would draw, each reached another way: a text field
 * naming a password, a masked field (its dots), a textarea, an editable element and its first line, a
 * field in a shadow root and one that inherits its font, one whose inline !important style names the face. The
 * last, #fplain, is no password field: its load shows that the fonts of what was typed were asked for.
 */
const FONT_MARKUP = `
<div id="fonts">
  <input id="f1" autocomplete="current-password">
  <input id="f2" type="password">
  <textarea id="f3" autocomplete="new-password" rows="1"></textarea>
  <div id="f4" contenteditable="true" autocomplete="current-password"></div>
  <span id="f5host"></span>
  <input id="f6" autocomplete="new-password" style="font-family: rx-f6, sans-serif !important">
  <div id="f7" contenteditable="true" autocomplete="new-password"></div>
  <span id="f8wrap"><input id="f8" type="password" style="font-family: inherit"></span>
  <input id="fplain">
</div>
<script>
  document.getElementById('f5host').attachShadow({ mode: 'open' }).innerHTML = '<style>input { font-family: inherit }</style><input autocomplete="current-password">';
</script>
`;
const FONT_FIELDS = ['#f1', '#f2', '#f3', '#f4', '#f5host input', '#f6', '#f7', '#f8', '#fplain'];
/** One face per variant, each covering "q" and the mask's dots, loaded from the given site's /font/<variant>. */
function fontSheet(origin: string): string {
  const names = ['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8', 'fplain'];
  const faces = names.map((n) => `@font-face { font-family: rx-${n}; src: url("${origin}/font/${n}"); unicode-range: U+0071, U+2022, U+25CF, U+2219; }`);
  return `${faces.join('\n')}
#f1 { font-family: rx-f1, sans-serif; }
#f2 { font: 16px rx-f2, sans-serif; }
#f3 { font-family: rx-f3, sans-serif; }
#f4 span, #f4 { font-family: rx-f4, sans-serif; }
#f5host { font-family: rx-f5, sans-serif; }
#f7::first-line { font-family: rx-f7, sans-serif; }
#f8wrap { font-family: rx-f8, sans-serif; }
#fplain { font-family: rx-fplain, sans-serif; }`;
}

async function typeQ(page: Page): Promise<void> {
  for (const sel of FONT_FIELDS) await page.locator(sel).pressSequentially('qq');
}

test('fonts: which web fonts draw what is typed into a password field reaches no host', async ({ sites, openPage, openExtensionPage, tabIdOf }) => {
  const loaded = (host: string) => new Set(sites.requests({ host }).map((r) => r.path).filter((p) => p.startsWith('/font/')).map((p) => p.slice('/font/'.length)));
  // Control: on a page where no remixlet runs (nothing pinned), each variant's face is fetched once "q" is typed.
  sites.route('plain.test', '/fonts.html', () => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body: `<!doctype html><title>plain</title><style>${fontSheet(sites.origin('plain.test'))}</style><body>${FONT_MARKUP}</body>` }));
  sites.route('plain.test', '/font/*', () => ({ status: 404, body: '' }));
  const plain = await openPage('plain.test', '/fonts.html');
  expect([...loaded('plain.test')], 'control: no face is fetched before anything is typed').toEqual([]);
  await typeQ(plain);
  await expect.poll(() => [...loaded('plain.test')].sort(), { timeout: 30_000 }).toEqual(['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8', 'fplain']);
  await plain.close();

  // The remixlet's own style.css, loading from its own site, which its sheet may name.
  sites.route('lab.test', '/font/*', () => ({ status: 404, body: '' }));
  const lab = await runLab(
    { sites, openPage, openExtensionPage, tabIdOf },
    { route: '/fonts.html', markup: FONT_MARKUP, style: fontSheet(sites.origin('lab.test')), script: `await status('done');` },
  );
  expect([...loaded('lab.test')]).toEqual([]);
  await typeQ(lab.page);
  // The plain field's face is fetched: the fonts for what was typed were asked for by now.
  await expect.poll(() => loaded('lab.test').has('fplain'), { timeout: 30_000 }).toBe(true);
  // The page itself still has what was typed (the pin changes fonts, not fields).
  expect(await lab.page.locator('#f1').inputValue()).toBe('qq');
  expect([...loaded('lab.test')]).toEqual(['fplain']);
});

/** An editable element (naming a password, or, in the control, not) in a line, and a block below it. */
function editorMarkup(names: boolean): string {
  const ac = names ? ' autocomplete="current-password"' : '';
  return `<p id="eline">x<span id="ed" contenteditable="true"${ac} style="display: inline-block; min-width: 2em"></span><b id="after">y</b></p>
<div id="ed2" contenteditable="true"${names ? ' autocomplete="new-password"' : ''}></div><p id="below">below</p>`;
}

const EDITOR_SCRIPT = `
let keeps = 0;
// The check looks only at the editors, so only changes there make it run again.
rmx.keep('editors', { check: async () => { await dom.query('#ed'); await dom.query('#ed2'); keeps += 1; return true; }, repair: () => undefined });
const observed = [];
await dom.observe('#ed2 div, #ed2 br, #ed b', (els) => observed.push(els.length));
async function look() {
  const ed = await dom.query('#ed');
  const ed2 = await dom.query('#ed2');
  return {
    after: await settle((await dom.query('#after')).rect()),
    below: await settle((await dom.query('#below')).rect()),
    edRect: await settle(ed.rect()),
    edWidth: await settle(ed.computedStyle(['width', 'height'])),
    inside: (await dom.queryAll('#ed *, #ed2 *', { limit: 100 })).length,
    children: (await ed2.children()).length,
    firstLine: (await dom.query('#ed2 div')) !== null,
    waited: (await dom.waitFor('#ed b', { timeout: 50 })) !== null,
  };
}
await pause(500);
const before = await look();
const keepsBefore = keeps;
await status('ready');
await dom.waitFor('#typed', { timeout: 30000 });
await pause(500);
await report({ before, after: await look(), keeps: keeps - keepsBefore, observed });
await status('done');
`;

for (const names of [true, false]) {
  test(`an editable field ${names ? 'that names a password: its box, what it holds and its changes are not given' : '(control, no password): typing moves boxes, adds elements and runs keeps'}`, async ({ sites, openPage, openExtensionPage, tabIdOf }) => {
    const lab = await runLab(
      { sites, openPage, openExtensionPage, tabIdOf },
      { route: names ? '/editor.html' : '/editor-plain.html', markup: editorMarkup(names), script: EDITOR_SCRIPT, waitStatus: 'ready' },
    );
    const page = lab.page;
    await page.locator('#ed').pressSequentially('hunter2 hunter2 hunter2');
    // A bold run and new lines: the elements an editor makes as someone types.
    await page.locator('#ed').press('Control+b');
    await page.locator('#ed').pressSequentially('WWW');
    await page.locator('#ed2').pressSequentially('hunter2');
    await page.locator('#ed2').press('Enter');
    await page.locator('#ed2').pressSequentially('second line');
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<i id="typed"></i>'));
    await expect(page.locator('#status')).toHaveText('done', { timeout: 60_000 });
    type Look = { after: Answer; below: Answer; edRect: Answer; edWidth: Answer; inside: number; children: number; firstLine: boolean; waited: boolean };
    const r = await lab.results<{ before: Look; after: Look; keeps: number; observed: number[] }>();
    // The page's editors hold what was typed.
    expect(await page.locator('#ed2').innerText()).toContain('second line');
    if (names) {
      // While the page has an editable password field no box is given (a stylesheet could tie any box to
      // what was typed: password-state.spec.ts), and no computed style.
      for (const look of [r.before, r.after]) {
        expect(look.after, 'the line after the editor').toMatchObject({ ok: false, code: 'PASSWORD_FIELD_LOCKED' });
        expect(look.below, 'the block below the editor').toMatchObject({ ok: false, code: 'PASSWORD_FIELD_LOCKED' });
      }
      expect(r.after.edRect).toMatchObject({ ok: false, code: 'PASSWORD_FIELD_LOCKED' });
      expect(r.after.edWidth).toMatchObject({ ok: true, value: { width: '', height: '' } });
      expect([r.after.inside, r.after.children, r.after.firstLine, r.after.waited]).toEqual([0, 0, false, false]);
      expect(r.observed).toEqual([]);
      expect(r.keeps).toBe(0);
      expect(JSON.stringify(r)).not.toContain('hunter2');
    } else {
      // Control: without the password, each of these tells that something was typed.
      expect(r.after.after).toMatchObject({ ok: true });
      expect(r.after.after.value).not.toEqual(r.before.after.value);
      expect(r.after.below.value).not.toEqual(r.before.below.value);
      expect(r.after.edRect).toMatchObject({ ok: true });
      expect(r.after.inside).toBeGreaterThan(0);
      expect(r.after.children).toBeGreaterThan(0);
      expect([r.after.firstLine, r.after.waited]).toEqual([true, true]);
      expect(r.observed.length).toBeGreaterThan(0);
      expect(r.keeps).toBeGreaterThan(0);
    }
  });
}

/**
 * Fields masked (-webkit-text-security, or type=password) while someone types, then unmasked as a "show
 * password" button does (a class, an inline style, a textarea's class, type=text): naming no password, they are plain text fields
 * to CSS, so the worker's pin sheet finds them by the mark the page agent sets on a field it remembers as
 * masked. #splain was never masked: its face's load shows the fonts for what was typed were asked for.
 */
const SHOW_MARKUP = `
<style>.masked { -webkit-text-security: disc; }</style>
<div id="show">
  <input id="sp1" class="masked">
  <input id="sp2" style="-webkit-text-security: square">
  <textarea id="sp3" class="masked" rows="1"></textarea>
  <input id="sp4" type="password">
  <input id="splain">
</div>`;
const SHOW_FIELDS = ['#sp1', '#sp2', '#sp3', '#sp4', '#splain'];
function showSheet(origin: string): string {
  const names = ['sp1', 'sp2', 'sp3', 'sp4', 'splain'];
  return names.map((n) => `@font-face { font-family: rx-${n}; src: url("${origin}/font/${n}"); unicode-range: U+0071; }\n#${n} { font-family: rx-${n}, sans-serif; }`).join('\n');
}
async function typeThenShow(page: Page): Promise<void> {
  for (const sel of SHOW_FIELDS) await page.locator(sel).pressSequentially('qq');
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('.masked')) el.classList.remove('masked');
    document.getElementById('sp2')!.style.removeProperty('-webkit-text-security');
    (document.getElementById('sp4') as HTMLInputElement).type = 'text';
  });
}

test('a "show password" field: once unmasked, what was typed while it was masked still reaches no font host', async ({ sites, openPage, openExtensionPage, tabIdOf }) => {
  const loaded = (host: string) => new Set(sites.requests({ host }).map((r) => r.path).filter((p) => p.startsWith('/font/')).map((p) => p.slice('/font/'.length)));
  // Control: without the extension, unmasking draws the typed characters and each face is fetched.
  sites.route('plain.test', '/show.html', () => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body: `<!doctype html><title>plain</title><style>${showSheet(sites.origin('plain.test'))}</style><body>${SHOW_MARKUP}</body>` }));
  sites.route('plain.test', '/font/*', () => ({ status: 404, body: '' }));
  const plain = await openPage('plain.test', '/show.html');
  await typeThenShow(plain);
  await expect.poll(() => [...loaded('plain.test')].sort(), { timeout: 30_000 }).toEqual(['sp1', 'sp2', 'sp3', 'sp4', 'splain']);
  await plain.close();

  sites.route('lab.test', '/font/*', () => ({ status: 404, body: '' }));
  const lab = await runLab({ sites, openPage, openExtensionPage, tabIdOf }, { route: '/show.html', markup: SHOW_MARKUP, style: showSheet(sites.origin('lab.test')), script: `await status('done');` });
  await typeThenShow(lab.page);
  // Every field is unmasked and shows what was typed.
  expect(await lab.page.evaluate(() => ['sp1', 'sp2', 'sp3', 'sp4'].map((id) => getComputedStyle(document.getElementById(id)!).getPropertyValue('-webkit-text-security')))).toEqual(['none', 'none', 'none', 'none']);
  await expect.poll(() => loaded('lab.test').has('splain'), { timeout: 30_000 }).toBe(true);
  expect([...loaded('lab.test')]).toEqual(['splain']);
});
