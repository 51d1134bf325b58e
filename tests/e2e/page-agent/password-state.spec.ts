// Nothing a remixlet can observe depends on what is typed into a password field whose content or state
// selectors can see beyond its value: an editable field (contenteditable) that names a password, whose
// children are what was typed, and a select, checkbox or radio button that names one, whose chosen option
// or checkedness is what was chosen. Two classes, each attacked through several paths, each with a positive
// control (the same page, the same remixlet, the fields naming no password) in which every probe's answer
// changes with the typing or choosing:
// - selectors: :empty, :has(), :checked, :indeterminate in h.matches, dom.query, queryAll, h.closest and
//   dom.waitFor are refused while the page has such a field (the page agent, page-agent/policy/selector.ts);
// - remixlet CSS (style.css and dom.addStyle) tied to that state, by a selector condition or, for the
//   editor, by counters incremented inside it: the box (h.rect), the computed style and the events a
//   stylesheet starts (animationstart, transitionend) are not given on such a page (ops/rect.ts, ops/computedStyle.ts,
//   ops/on.ts). Not refused in the sheets, which keep working on every other page.
// In the protected runs every answer after the typing equals the answer before it.
import { test, expect } from '../harness';
import type { Page } from '@playwright/test';
import { runLab } from './lab';

type Probe = { kind: 'matches' | 'query' | 'queryAll' | 'closest' | 'waitFor' | 'rect' | 'style' | 'events'; sel?: string; on?: string; prop?: string; event?: string };
type Answer = { ok: boolean; value?: unknown; code?: string; reason?: string };

const SCRIPT = `
const probes = await readData('probes');
const seen = {};
for (const p of probes) {
  if (p.kind !== 'events') continue;
  seen[p.on] = 0;
  await (await dom.query(p.on)).on(p.event, () => { seen[p.on] += 1; });
}
const sheet = (await readData('sheet'))[0];
if (sheet) await dom.addStyle(sheet);
async function ask(p) {
  switch (p.kind) {
    case 'matches': return (await dom.query(p.on)).matches(p.sel);
    case 'query': { const h = await dom.query(p.sel); return h ? (await h.text()) || h.tag : null; }
    case 'queryAll': return (await dom.queryAll(p.sel, { limit: 20 })).length;
    case 'closest': return (await (await dom.query(p.on)).closest(p.sel)) !== null;
    case 'waitFor': return (await dom.waitFor(p.sel, { timeout: 50 })) !== null;
    case 'rect': { const r = await (await dom.query(p.on)).rect(); return Math.round(r.width); }
    case 'style': return (await (await dom.query(p.on)).computedStyle([p.prop]))[p.prop];
    case 'events': return seen[p.on];
  }
}
async function askAll() {
  const out = {};
  for (const p of probes) out[p.kind + ' ' + (p.sel || p.on)] = await settle(ask(p));
  return out;
}
await pause(300);
await report(await askAll(), '#results');
await status('asked');
await dom.waitFor('#typed', { timeout: 30000 });
await pause(500);
await report(await askAll(), '#results2');
await status('done');
`;

const key = (p: Probe) => `${p.kind} ${p.sel ?? p.on}`;
const SELECTOR_KINDS = new Set(['matches', 'query', 'queryAll', 'closest', 'waitFor']);

/**
 * Runs the control (fields naming no password) and the protected page with the same remixlet; the control's
 * answers must each change with `act`, the protected page's must not, each selector probe refused, no box.
 */
async function attack(
  fx: Parameters<typeof runLab>[0],
  opts: { name: string; markup: (names: boolean) => string; probes: Probe[]; style: string; sheet: string; act: (page: Page) => Promise<void> },
): Promise<void> {
  const run = async (names: boolean) => {
    const lab = await runLab(fx, {
      route: `/${opts.name}-${names ? 'password' : 'control'}.html`,
      data: { probes: opts.probes, sheet: [opts.sheet] },
      markup: opts.markup(names),
      style: opts.style,
      waitStatus: 'asked',
      script: SCRIPT,
    });
    // The page's own count of the events a stylesheet starts on the probes' elements: the typing is over for
    // the remixlet once the page has seen them (in the protected run too: the page still does).
    const started = opts.probes.filter((p) => p.kind === 'events').map((p) => [p.on!, p.event!] as const);
    await lab.page.evaluate((list) => {
      const w = window as unknown as { styleStarted: number };
      w.styleStarted = 0;
      for (const [sel, type] of list) document.querySelector(sel)!.addEventListener(type, () => (w.styleStarted += 1));
    }, started);
    await opts.act(lab.page);
    await lab.page.waitForFunction((n) => (window as unknown as { styleStarted: number }).styleStarted >= n, started.length);
    await lab.page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<i id="typed"></i>'));
    await expect(lab.page.locator('#status')).toHaveText('done', { timeout: 60_000 });
    const before = await lab.results<Record<string, Answer>>('#results');
    const after = await lab.results<Record<string, Answer>>('#results2');
    await lab.page.close();
    return { before, after };
  };

  // Control: every probe is answered, and every answer tells that something was typed or chosen.
  const control = await run(false);
  for (const p of opts.probes) {
    const k = key(p);
    expect(control.before[k], `control before: ${k}`).toMatchObject({ ok: true });
    expect(control.after[k], `control after: ${k}`).toMatchObject({ ok: true });
    expect(control.after[k]!.value, `control: ${k} changes with the typing`).not.toEqual(control.before[k]!.value);
  }

  const guarded = await run(true);
  for (const p of opts.probes) {
    const k = key(p);
    for (const [when, r] of [['before', guarded.before[k]], ['after', guarded.after[k]]] as const) {
      if (SELECTOR_KINDS.has(p.kind)) expect(r, `${when}: ${k}`).toMatchObject({ ok: false, code: 'SELECTOR_TESTS_PASSWORD' });
      else if (p.kind === 'rect') expect(r, `${when}: ${k}`).toMatchObject({ ok: false, code: 'PASSWORD_FIELD_LOCKED' });
      else if (p.kind === 'style') expect(r, `${when}: ${k}`).toMatchObject({ ok: true, value: '' });
      else expect(r, `${when}: ${k}`).toMatchObject({ ok: true, value: 0 });
    }
  }
  expect(guarded.after, 'nothing the remixlet observed changed with the typing').toEqual(guarded.before);
}

function editorMarkup(names: boolean): string {
  const ac = names ? ' autocomplete="current-password"' : '';
  return `<p id="line">x<span id="ed" contenteditable="true"${ac} style="display: inline-block; min-width: 2em"></span><b id="a1">y</b><b id="a2">y</b><b id="a3">y</b><b id="a4">y</b><b id="a5">y</b></p>`;
}

const EDITOR_PROBES: Probe[] = [
  { kind: 'matches', on: '#ed', sel: '#ed:empty' },
  { kind: 'matches', on: '#ed', sel: '#ed:has(*)' },
  { kind: 'matches', on: '#ed', sel: '#ed:has(b)' },
  { kind: 'query', sel: '#line:has(#ed b)' },
  { kind: 'queryAll', sel: ':is(#ed):not(:EMPTY)' },
  { kind: 'closest', on: '#a1', sel: 'p:h\\61s(#ed b)' },
  { kind: 'waitFor', sel: ':where(#line:has(#ed b))' },
  { kind: 'rect', on: '#a1' },
  { kind: 'rect', on: '#a2' },
  { kind: 'rect', on: '#a3' },
  { kind: 'style', on: '#a4', prop: 'color' },
  { kind: 'events', on: '#a5', event: 'animationstart' },
];
/** style.css: a :has() condition on the editor's content, and counters incremented by what typing made inside it (no condition at all). */
const EDITOR_STYLE = `#line:has(#ed b) #a2 { padding-left: 30px; }
#line { counter-reset: typed; }
#ed * { counter-increment: typed 100000; }
#a3::after { content: counter(typed); }`;
/** dom.addStyle: :empty conditions on the editor, moving a box, changing a colour, starting an animation. */
const EDITOR_SHEET = `#ed:empty ~ #a1 { padding-left: 40px; }
#ed:not(:empty) ~ #a4 { color: rgb(255, 0, 0); }
@keyframes rx-typed { from { opacity: 1; } to { opacity: 1; } }
#ed:not(:empty) ~ #a5 { animation: rx-typed 1ms; }`;

test('an editable password field: selectors, boxes, styles and style-started events tied to what was typed tell nothing', async ({ sites, openPage, openExtensionPage, tabIdOf }) => {
  await attack(
    { sites, openPage, openExtensionPage, tabIdOf },
    {
      name: 'editor-state',
      markup: editorMarkup,
      probes: EDITOR_PROBES,
      style: EDITOR_STYLE,
      sheet: EDITOR_SHEET,
      act: async (page) => {
        await page.locator('#ed').pressSequentially('hunter2');
        await page.locator('#ed').press('Control+b');
        await page.locator('#ed').pressSequentially('WWW');
      },
    },
  );
});

function choiceMarkup(names: boolean): string {
  const ac = (token: string) => (names ? ` autocomplete="${token}"` : '');
  return `<form id="cf"><select id="s"${ac('new-password')}><option value="one">One</option><option value="two">Two</option><option value="three">Three</option></select>
<input id="c" type="checkbox"${ac('current-password')}><input id="r1" type="radio" name="g"${ac('new-password')}><input id="r2" type="radio" name="g"${ac('new-password')}>
<b id="b1">y</b><b id="b2">y</b><b id="b3">y</b><b id="b4">y</b></form>`;
}

const CHOICE_PROBES: Probe[] = [
  { kind: 'query', sel: '#s option:checked' },
  { kind: 'matches', on: '#c', sel: '#c:checked' },
  { kind: 'query', sel: '#cf:has(#c:checked)' },
  { kind: 'matches', on: '#r1', sel: '#r1:indeterminate' },
  { kind: 'queryAll', sel: '#cf :ch\\65 cked' },
  { kind: 'closest', on: '#b1', sel: 'form:has(option:nth-child(2):checked)' },
  { kind: 'waitFor', sel: ':is(#r2:checked)' },
  { kind: 'rect', on: '#b1' },
  { kind: 'rect', on: '#b2' },
  { kind: 'style', on: '#b3', prop: 'color' },
  { kind: 'events', on: '#b4', event: 'transitionend' },
];
/** style.css: which option is chosen, by :has() and :checked (the sheet may not test the value attribute). */
const CHOICE_STYLE = `#cf:has(option:nth-child(2):checked) #b2 { padding-left: 30px; }
#b4 { transition: color 1ms; }`;
/** dom.addStyle: checkedness of the checkbox and a radio button. */
const CHOICE_SHEET = `#c:checked ~ #b1 { padding-left: 40px; }
#r2:checked ~ #b3 { color: rgb(255, 0, 0); }
#cf:has(#c:checked) #b4 { color: rgb(0, 0, 255); }`;

test('a password select, checkbox and radio button: selectors, boxes, styles and style-started events tied to what was chosen tell nothing', async ({ sites, openPage, openExtensionPage, tabIdOf }) => {
  await attack(
    { sites, openPage, openExtensionPage, tabIdOf },
    {
      name: 'choice-state',
      markup: choiceMarkup,
      probes: CHOICE_PROBES,
      style: CHOICE_STYLE,
      sheet: CHOICE_SHEET,
      act: async (page) => {
        await page.locator('#s').selectOption({ index: 1 });
        await page.locator('#c').check();
        await page.locator('#r2').check();
      },
    },
  );
});
