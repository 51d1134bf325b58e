// Nothing a remixlet can observe depends on what is typed into a password field, on an ordinary login page
// (an <input type=password>): a text field scrolls its text as it outgrows its box, one step a keystroke,
// and the page agent marks a field it remembers as masked. Four classes, each through several paths, each
// with a positive control (the same page and remixlet, the field a plain text field), in which every probe's
// answer changes with the typing:
// - the field's own scrolling: scroll and scrollend events on it (policy/event-copy.ts, typedIntoPasswordField);
// - scroll-driven style from it: a scroll timeline named on the field and exported by timeline-scope driving
//   another element's width (h.rect), one driving a colour (h.computedStyle), and an animation on the field
//   driven by its own scroll (scroll(self)) read back from its computed style (the user-origin pin sheet,
//   worker/pages/password-pin.ts, sets scroll-timeline none and animation-timeline auto on password fields);
// - the field's own style as the page's sheet ties it to the field's state (an empty field's colour): the field's
//   computed style (ops/computedStyle.ts; the events a stylesheet starts at it: tests/unit/page-agent/ops/events.test.ts);
// - the page agent's mark: it arrives when the field gets focus, never with the first keystroke, and no
//   remixlet reads it (h.attr) or selects by it (dom.query, dom.waitFor; style.css is refused at save).
// In the protected run every answer after the typing equals the answer before it.
import { test, expect } from '../harness';
import { runLab } from './lab';

// The page's own sheet styles an empty field (its right: the page sees its own fields).
const markup = (type: 'text' | 'password') =>
  `<style>#pw:placeholder-shown { color: rgb(1, 2, 3); }</style><form id="login"><input id="pw" type="${type}" placeholder=" " style="width: 60px; letter-spacing: 12px; font-family: monospace"><b id="probe" style="display: block; height: 1px"></b><i id="tint">tint</i><u id="other">other</u></form><div id="mark" style="overflow: scroll; width: 50px; height: 30px"><div style="width: 500px; height: 10px"></div></div>`;

/** The remixlet's sheet: each rule turns the field's scroll into something a read can see. */
const STYLE = `#login { timeline-scope: --typed, --typed2; }
#pw { scroll-timeline: --typed inline; animation: rx-outline linear both; animation-timeline: scroll(self inline); animation-range: 0px 2000px; }
#probe { animation: rx-wide linear both; animation-timeline: --typed; animation-range: 0px 2000px; }
#tint { animation: rx-tint linear both; animation-timeline: --typed; animation-range: 0px 2000px; }
@keyframes rx-wide { from { width: 0px; } to { width: 20000px; } }
@keyframes rx-tint { from { color: rgb(0, 0, 0); } to { color: rgb(255, 0, 0); } }
@keyframes rx-outline { from { outline-width: 0px; } to { outline-width: 2000px; } }
#pw { outline-style: solid; }`;

const SCRIPT = `
const pw = await dom.query('#pw');
let scrolls = 0;
let scrollEnds = 0;
await pw.on('scroll', () => { scrolls += 1; });
await pw.on('scrollend', () => { scrollEnds += 1; });
// The test scrolls #mark after the typing: its scrollend comes through the same stream after every earlier event.
let markScrolled = false;
await (await dom.query('#mark')).on('scrollend', () => { markScrolled = true; });

async function askAll() {
  return {
    scrolls: await settle(Promise.resolve(scrolls)),
    scrollEnds: await settle(Promise.resolve(scrollEnds)),
    fieldColor: await settle(pw.computedStyle(['color']).then((s) => s.color)),
    probeWidth: await settle((await dom.query('#probe')).rect().then((r) => Math.round(r.width))),
    tint: await settle((await dom.query('#tint')).computedStyle(['color']).then((s) => s.color)),
    fieldOutline: await settle(pw.computedStyle(['outline-width']).then((s) => s['outline-width'])),
    markAttr: await settle(pw.attr('data-rmx-masked')),
    markHtml: await settle(pw.html().then((h) => h.includes('masked'))),
    markQuery: await settle(dom.query('input[data-rmx-masked]').then((h) => h !== null)),
    markWait: await settle(dom.waitFor('#login [data-rmx-masked]', { timeout: 50 }).then((h) => h !== null)),
  };
}
await pause(300);
await report(await askAll(), '#results');
await status('asked');
await dom.waitFor('#typed', { timeout: 30000 });
while (!markScrolled) await pause(50);
await report(await askAll(), '#results2');
await status('done');
`;

type Answer = { ok: boolean; value?: unknown; code?: string };
const TYPED = 'hunter2hunter2hunter2';

async function run(fx: Parameters<typeof runLab>[0], type: 'text' | 'password') {
  const lab = await runLab(fx, { route: `/scroll-${type}.html`, markup: markup(type), style: STYLE, script: SCRIPT, waitStatus: 'asked' });
  await lab.page.locator('#pw').focus();
  await lab.page.keyboard.type(TYPED);
  // The field has scrolled to its end (the page sees it; the remixlet must not).
  await lab.page.waitForFunction(() => (document.getElementById('pw') as HTMLInputElement).scrollLeft > 100);
  // A scroll of another element after the field's own: once the remixlet hears it, it has heard all of them.
  await lab.page.evaluate(() => {
    document.getElementById('mark')!.scrollLeft = 100;
    document.body.insertAdjacentHTML('beforeend', '<i id="typed"></i>');
  });
  await expect(lab.page.locator('#status')).toHaveText('done', { timeout: 60_000 });
  const before = await lab.results<Record<string, Answer>>('#results');
  const after = await lab.results<Record<string, Answer>>('#results2');
  const marked = await lab.page.locator('#pw').getAttribute('data-rmx-masked');
  await lab.page.close();
  return { before, after, marked };
}

test("a password field's scrolling, and the page agent's mark on it, tell a remixlet nothing of what is typed", async ({ sites, openPage, openExtensionPage, tabIdOf }) => {
  const fx = { sites, openPage, openExtensionPage, tabIdOf };
  const SCROLL_PROBES = ['scrolls', 'scrollEnds', 'probeWidth', 'tint', 'fieldOutline', 'fieldColor'];

  // Control: a plain text field; each scroll probe's answer changes with the typing.
  const control = await run(fx, 'text');
  for (const k of SCROLL_PROBES) {
    expect(control.before[k], `control before: ${k}`).toMatchObject({ ok: true });
    expect(control.after[k]!.value, `control: ${k} changes with the typing`).not.toEqual(control.before[k]!.value);
  }
  expect(control.marked, 'a plain text field is not marked').toBeNull();

  const guarded = await run(fx, 'password');
  expect(guarded.after, 'nothing the remixlet observed changed with the typing').toEqual(guarded.before);
  for (const k of SCROLL_PROBES) expect(guarded.after[k], k).toMatchObject({ ok: true });
  expect(guarded.after.scrolls!.value).toBe(0);
  // The mark is on the field (the pin sheet needs it once a "show password" button unmasks it) …
  expect(guarded.marked).toBe('');
  // … but no remixlet reads it or selects by it.
  expect(guarded.after.markAttr).toMatchObject({ ok: true, value: null });
  expect(guarded.after.markHtml).toMatchObject({ ok: true, value: false });
  expect(guarded.after.markQuery).toMatchObject({ ok: false, code: 'SELECTOR_TESTS_PASSWORD' });
  expect(guarded.after.markWait).toMatchObject({ ok: false, code: 'SELECTOR_TESTS_PASSWORD' });
});
