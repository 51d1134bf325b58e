// Every entry of the hostile HTML corpus (tests/corpora/html-payloads.json: DOMPurify fixtures, html5sec,
// HTTPLeaks, mXSS, PayloadsAllTheThings) goes through h.setHTML into the live lab page, in a real Chromium
// with the extension and the witnesses, followed by the benign set. Nothing may load from elsewhere, no
// script may run in the page, nothing refused may survive in the page, and the benign set must go in
// with nothing left out.
import { test, expect } from '../harness';
import { readLog } from '../remixlet';
import { BENIGN_HTML } from './benign';
import { canary, runLab } from './lab';
import { readCorpus } from '../../corpora/read';

interface HtmlEntry {
  id: string;
  category: string;
  payload: string;
  attempts_network_load?: boolean | string;
}
const CORPUS: HtmlEntry[] = readCorpus<HtmlEntry[]>('html-payloads.json');

const SCRIPT = `
const hostile = await readData('hostile');
const benign = await readData('benign');
const lab = await dom.query('#lab');
const results = {};
async function apply(list, kind) {
  for (let i = 0; i < list.length; i += 50) {
    const slice = list.slice(i, i + 50);
    const cells = await Promise.all(slice.map(() => dom.create('div', { attrs: { class: 'cell ' + kind } })));
    await Promise.all(cells.map((c) => lab.append(c)));
    const outs = await Promise.all(slice.map((e, k) => settle(cells[k].setHTML(e.html))));
    slice.forEach((e, k) => {
      const o = outs[k];
      results[e.id] = o.ok ? o.value.removed.length : 'refused:' + o.code + ':' + o.reason;
    });
    await pause(60);
  }
}
await apply(hostile, 'hostile');
await apply(benign, 'benign');
await report(results);
await status('done');
`;

test('the hostile HTML corpus through h.setHTML: no load, no script, nothing refused left in the page; the benign set untouched', async ({ sites, openPage, openExtensionPage, tabIdOf, witness }) => {
  test.setTimeout(240_000);
  expect(CORPUS.length).toBeGreaterThan(1000);
  const hostile = CORPUS.map((e) => ({ id: e.id, html: e.payload }));
  const dialogs: string[] = [];

  // Prove the witnesses see this browser before trusting that they saw nothing.
  const probe = await openPage('lab.test', '/about.html');
  await witness.control(probe);
  await probe.close();
  await witness.clear();

  const lab = await runLab({ sites, openPage, openExtensionPage, tabIdOf }, { route: '/html-corpus.html', data: { hostile, benign: BENIGN_HTML }, script: SCRIPT, timeout: 90_000 });
  const { page } = lab;
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void d.dismiss();
  });
  const results = await lab.results<Record<string, number | string>>();

  // Every hostile entry was applied (with its refused parts left out), none refused outright.
  expect(Object.keys(results)).toHaveLength(hostile.length + BENIGN_HTML.length);
  const refusedOutright = hostile.filter((e) => typeof results[e.id] !== 'number').map((e) => `${e.id}: ${results[e.id]}`);
  expect(refusedOutright).toEqual([]);
  expect(hostile.filter((e) => (results[e.id] as number) > 0).length).toBeGreaterThan(700);

  // The benign set: nothing left out of any snippet.
  const benignTouched = BENIGN_HTML.filter((e) => results[e.id] !== 0).map((e) => `${e.id}: ${results[e.id]}`);
  expect(benignTouched).toEqual([]);
  expect(await page.locator('#lab .cell.benign svg').count()).toBeGreaterThan(30);

  // Poke every element a payload might have armed: hover, focus, click (the page's own navigation held back), animation end.
  await page.evaluate(async () => {
    document.addEventListener('click', (e) => e.preventDefault(), true);
    document.addEventListener('submit', (e) => e.preventDefault(), true);
    for (const el of document.querySelectorAll('#lab *')) {
      for (const type of ['mouseover', 'mouseenter', 'mousemove', 'pointerdown', 'focus', 'focusin', 'animationstart', 'animationend', 'transitionend', 'toggle', 'load', 'error']) {
        el.dispatchEvent(new Event(type, { bubbles: true }));
      }
      (el as HTMLElement).focus?.();
      (el as HTMLElement).click?.();
    }
    await new Promise((r) => setTimeout(r, 300));
  });
  await page.mouse.move(10, 10);
  await page.mouse.move(400, 2000, { steps: 20 });

  // Nothing refused survived in the page.
  const survivors = await page.evaluate(() => {
    const out: string[] = [];
    const refusedTags = 'script, style, iframe, frame, frameset, object, embed, form, link, meta, base, video, audio, source, picture, template, noscript, math, portal, dialog, canvas, slot, svg a, svg image, svg use, svg animate, svg set, svg animateMotion, svg animateTransform, svg foreignObject, svg feImage, svg script, svg style';
    for (const el of document.querySelectorAll(`#lab :is(${refusedTags})`)) out.push(`element ${el.localName}`);
    for (const el of document.querySelectorAll('#lab *')) {
      for (const a of el.attributes) {
        const n = a.name.toLowerCase();
        if (n.startsWith('on') || ['style', 'srcset', 'action', 'formaction', 'srcdoc', 'ping', 'xlink:href', 'background', 'poster', 'data', 'name', 'form', 'for', 'popovertarget', 'commandfor', 'autofocus', 'target', 'download', 'usemap', 'attributionsrc'].includes(n)) {
          out.push(`${el.localName}[${a.name}]`);
        }
        if (n === 'id' && !/^rmx-[a-z0-9]+-/.test(a.value)) out.push(`${el.localName}#${a.value}`);
        if (n === 'href' || n === 'src') {
          const u = new URL(a.value, document.baseURI);
          const fine = u.origin === location.origin || (n === 'src' && u.protocol === 'data:' && /^data:image\//i.test(a.value));
          if (!fine) out.push(`${el.localName}[${n}=${a.value.slice(0, 80)}]`);
        }
      }
    }
    return out;
  });
  expect(survivors).toEqual([]);

  expect(await canary(page)).toEqual({ canary: 0, calls: [] });
  expect(dialogs).toEqual([]);
  await witness.expectNoHits();

  // The parts left out are in the log, with their reasons.
  const log = await readLog(lab.panel, lab.remixletId);
  expect(log.filter((e) => e.level === 'warn' && e.message.startsWith('dom.setHTML: ')).length).toBeGreaterThan(100);
});
