// Every entry of the page-policy corpus (tests/corpora/dom-policy-vectors.json) through the operation
// it names, on an https lab page in a real Chromium with the extension and the witnesses. Each vector's
// expected outcome is listed here with the reason; where this policy neutralises a vector instead of
// refusing it (ids become marks) or where the corpus leaves the decision to the product, the reason says so.
import { test, expect } from '../harness';
import { canary, runLab } from './lab';
import { readCorpus } from '../../corpora/read';

interface Vector {
  id: string;
  category: string;
  operation: string;
}
const CORPUS: Vector[] = readCorpus<Vector[]>('dom-policy-vectors.json');

type Step =
  | { create: string; attrs?: Record<string, string> }
  | { setAttr: 'created-a' | 'page-a'; name: string; value: string }
  | { setAttrOn: string; name: string; value: string }
  | { matchesOn: string; sel: string }
  | { setText: string; text: string }
  | { remove: string }
  | { maskedTyping: true };

const ATTACKER = 'https://attacker.example';
const attrOnLinks = (value: string): Step[] => [
  { setAttr: 'created-a', name: 'href', value },
  { setAttr: 'page-a', name: 'href', value },
];

/** The operation each vector names, made concrete on the lab page (page.example is the lab, https://lab.test). */
const STEPS: Record<string, Step[]> = {
  'dom-1': [{ create: 'img', attrs: { srcset: `,,,,,${ATTACKER}/s 1x` } }],
  'dom-2': [{ create: 'img', attrs: { sizes: '100vw' } }],
  'dom-3': [{ create: 'img', attrs: { attributionsrc: `${ATTACKER}/attr` } }],
  'dom-5': [{ create: 'a', attrs: { ping: `${ATTACKER}/ping` } }],
  'dom-7': [{ create: 'img', attrs: { referrerpolicy: 'unsafe-url' } }],
  'dom-12': [{ create: 'img', attrs: { fetchpriority: 'high' } }],
  'dom-14': [{ create: 'img', attrs: { usemap: '#m' } }],
  'dom-15': [{ create: 'area', attrs: { href: `${ATTACKER}/` } }],
  'dom-18': [{ create: 'body', attrs: { background: `${ATTACKER}/b` } }],
  'dom-19': [{ create: 'input', attrs: { src: `${ATTACKER}/i` } }],
  'dom-21': [{ create: 'image', attrs: { href: `${ATTACKER}/s.svg` } }],
  'dom-22': [{ create: 'image', attrs: { 'xlink:href': `${ATTACKER}/s.svg` } }],
  'dom-24': [{ create: 'feImage', attrs: { href: `${ATTACKER}/f` } }],
  'dom-29': [{ create: 'rect', attrs: { 'clip-path': `url(${ATTACKER}/c.svg#c)` } }],
  'dom-34': [{ create: 'math', attrs: { href: `${ATTACKER}/m` } }],
  'dom-37': [{ create: 'meta', attrs: { 'http-equiv': 'refresh', content: `0;url=${ATTACKER}/` } }],
  'dom-39': attrOnLinks('javascript:alert(1)'),
  'dom-40': attrOnLinks('JaVaScRiPt:alert(1)'),
  'dom-41': attrOnLinks(' \tjavascript:alert(1)'),
  'dom-45': attrOnLinks('\u2028javascript:alert(1)'),
  'dom-46': attrOnLinks('vbscript:msgbox(1)'),
  'dom-47': attrOnLinks('data:text/html,<script>alert(1)</script>'),
  'dom-48': attrOnLinks('data:image/svg+xml,<svg onload=alert(1)>'),
  'dom-49': attrOnLinks('blob:https://lab.test/uuid'),
  'dom-52': attrOnLinks(`https://lab.test@attacker.example/`),
  'dom-54': attrOnLinks('https:attacker.example'),
  'dom-56': attrOnLinks('/\\attacker.example'),
  'dom-58': attrOnLinks('https://lab.test/?leak=SECRET'),
  'dom-59': attrOnLinks('http://lab.test/'),
  'dom-60': attrOnLinks('https://LAB.TEST./'),
  'dom-62': attrOnLinks('intent://x#Intent;scheme=https;end'),
  'dom-63': attrOnLinks('chrome://settings'),
  'dom-65': [{ create: 'button', attrs: { form: 'login', type: 'submit' } }],
  'dom-68': [{ create: 'label', attrs: { for: 'signin' } }],
  'dom-69': [{ create: 'button', attrs: { popovertarget: 'heading', popovertargetaction: 'show' } }],
  'dom-70': [{ create: 'button', attrs: { commandfor: 'heading', command: 'show-modal' } }],
  'dom-71': [{ create: 'a', attrs: { href: '#login' } }],
  'dom-72': [{ create: 'button', attrs: { accesskey: 's' } }],
  'dom-73': [{ create: 'input', attrs: { autofocus: '' } }],
  'dom-74': [{ create: 'input', attrs: { type: 'password', autocomplete: 'current-password' } }],
  'dom-75': [{ create: 'input', attrs: { name: 'password', autocomplete: 'on' } }],
  // The pattern cannot be set, and the page's own constraints cannot be read through :valid/:invalid either (issue 24).
  'dom-76': [
    { setAttrOn: '#password', name: 'pattern', value: 'a.*' },
    { matchesOn: '#password', sel: ':invalid' },
    { matchesOn: '#password', sel: ':v\\61lid' },
    { matchesOn: '#login', sel: 'form:has(#password:placeholder-shown)' },
  ],
  'dom-79': [{ maskedTyping: true }],
  'dom-80': [{ create: 'img', attrs: { name: 'cookie' } }],
  'dom-82': [{ create: 'a', attrs: { id: 'config', href: `${ATTACKER}/x.js` } }],
  'dom-83': [{ create: 'a', attrs: { id: 'defaultConfig', name: 'scriptUrl' } }],
  'dom-84': [{ create: 'img', attrs: { id: 'location' } }],
  'dom-85': [{ create: 'img', attrs: { name: 'body' } }, { create: 'img', attrs: { name: 'forms' } }, { create: 'img', attrs: { name: 'getElementById' } }],
  'dom-88': [{ create: 'div', attrs: { 'hx-get': '/account/delete', 'hx-trigger': 'load' } }],
  'dom-91': [{ create: 'a', attrs: { href: '/account', 'data-method': 'delete', rel: 'nofollow' } }],
  'dom-96': [{ create: 'button', attrs: { 'data-bs-toggle': 'tooltip', 'data-bs-html': 'true', 'data-bs-title': '<img src=x onerror=alert(1)>' } }],
  'dom-98': [{ create: 'div', attrs: { class: 'overlay' } }],
  'dom-99': [{ setText: '#card', text: '0.00' }],
  'dom-100': [{ remove: '#intro' }],
  'dom-101': [{ create: 'a', attrs: { href: 'https://lab.test/settings/email' } }],
};

/** What happens to each vector, and why. Everything not listed as accepted is refused at every step. */
const ACCEPTED: Record<string, string> = {
  'dom-45': 'U+2028 is not a character the URL parser strips, so this is a relative path: the element gets https://lab.test/%E2%80%A8javascript:alert(1), a same-origin address that runs nothing (checked below)',
  'dom-54': '"https:attacker.example" has the page\'s own scheme, so the URL parser reads it as a relative path: the element gets https://lab.test/attacker.example (checked below)',
  'dom-58': 'policy decision: a link to the page\'s own origin is allowed, query and all; the page\'s server already sees what the page sends it',
  'dom-60': 'policy decision: "LAB.TEST." is the lab\'s own host (case and a trailing dot are the same host), so the link stays on the remixlet\'s site',
  'dom-84': 'neutralised, not refused: ids are marks, so the element\'s id is rmx-<remixlet id>-location and window.location is untouched (checked below)',
  'dom-98': 'policy decision (UI integrity): a remixlet may overlay the page with its own elements; the review shows its code',
  'dom-99': 'policy decision (UI integrity): changing the page\'s text is what remixlets are for; the review shows its code',
  'dom-100': 'policy decision (UI integrity): removing page elements is what remixlets are for; the review shows its code',
  'dom-101': 'policy decision (UI integrity): a same-origin link passes the address rule whatever its label says',
};
/** dom-79 reads back empty rather than being refused: the field was masked while the person typed. */
const READS_EMPTY = new Set(['dom-79']);

const SCRIPT = `
const vectors = await readData('vectors');
const lab = await dom.query('#lab');
const pageLink = await dom.query('#home');
const results = {};
for (const v of vectors) {
  const out = [];
  for (const step of v.steps) {
    let r;
    if (step.create) {
      r = await settle(dom.create(step.create, { attrs: step.attrs || {}, text: 'x' }));
      if (r.ok) await lab.append(r.value);
    } else if (step.setAttr) {
      const target = step.setAttr === 'page-a' ? pageLink : await dom.create('a', { text: 'link' });
      if (step.setAttr === 'created-a') await lab.append(target);
      r = await settle(target.setAttr(step.name, step.value));
    } else if (step.setAttrOn) {
      r = await settle(dom.query(step.setAttrOn).then((h) => h.setAttr(step.name, step.value)));
    } else if (step.matchesOn) {
      r = await settle(dom.query(step.matchesOn).then((h) => h.matches(step.sel)));
    } else if (step.setText) {
      r = await settle(dom.query(step.setText).then((h) => h.setText(step.text)));
    } else if (step.remove) {
      r = await settle(dom.query(step.remove).then((h) => h.remove()));
    } else if (step.maskedTyping) {
      const field = await dom.create('input', { attrs: { class: 'masked typed-here', type: 'text' } });
      await lab.append(field);
      await status('type');
      await dom.waitFor('#typed', { timeout: 20000 });
      await field.removeClass('masked');
      r = await settle(field.value());
      if (r.ok) r = r.value === '' ? { ok: false, code: 'READ_EMPTY' } : { ok: true, value: r.value };
    }
    out.push(r.ok ? 'ok' : r.code);
  }
  results[v.id] = out;
  await pause(20);
}
await report(results);
await status('done');
`;

test('the page-policy corpus through the operations it names: each vector refused or neutralised as listed', async ({ sites, openPage, openExtensionPage, tabIdOf, witness }) => {
  test.setTimeout(180_000);
  expect(Object.keys(STEPS).sort()).toEqual(CORPUS.map((v) => v.id).sort());
  await witness.clear();
  const vectors = CORPUS.map((v) => ({ id: v.id, steps: STEPS[v.id] }));
  const lab = await runLab(
    { sites, openPage, openExtensionPage, tabIdOf },
    { route: '/vectors.html', https: true, data: { vectors }, script: SCRIPT, waitStatus: 'type' },
  );
  const { page } = lab;
  // The page's own CSS masks the field: no remixlet CSS may (style.css, dom.addStyle and h.setStyle all
  // refuse -webkit-text-security), so the remixlet's part is a class the page styles.
  await page.addStyleTag({ content: '.masked { -webkit-text-security: disc; }' });
  // dom-79: a person types a password into a field the remixlet made look like a password field.
  await page.locator('#lab input.typed-here').pressSequentially('my-real-password');
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<i id="typed"></i>'));
  await expect(page.locator('#status')).toHaveText('done', { timeout: 30_000 });
  const results = await lab.results<Record<string, string[]>>();

  const wrong: string[] = [];
  for (const v of CORPUS) {
    const got = results[v.id] ?? [];
    const accepted = v.id in ACCEPTED;
    const fine = READS_EMPTY.has(v.id) ? got.every((c) => c === 'READ_EMPTY') : accepted ? got.every((c) => c === 'ok') : got.every((c) => c !== 'ok');
    if (!fine || got.length !== STEPS[v.id]!.length) wrong.push(`${v.id} (${v.operation}): ${JSON.stringify(got)}`);
  }
  expect(wrong).toEqual([]);

  // The refusals are the typed ones the policy promises.
  const codes = new Set(Object.entries(results).filter(([id]) => !(id in ACCEPTED)).flatMap(([, c]) => c));
  expect([...codes].sort()).toEqual(['ADDRESS_REFUSED', 'ATTRIBUTE_REFUSED', 'ELEMENT_REFUSED', 'PASSWORD_FIELD_LOCKED', 'READ_EMPTY', 'SELECTOR_TESTS_PASSWORD']);

  // What the accepted ones did, as the page sees it.
  const seen = await page.evaluate(() => ({
    location: window.location === document.location,
    cookie: typeof document.cookie,
    config: 'config' in window,
    markedLocation: document.querySelectorAll('#lab img[id$="-location"]').length,
    pattern: document.getElementById('password')!.getAttribute('pattern'),
    offOrigin: [...document.querySelectorAll('#lab a[href], #home')].map((a) => a.getAttribute('href')!).filter((h) => !h.startsWith('https://lab.test/') && !h.startsWith('https://lab.test./')),
    resolved: [...document.querySelectorAll('#lab a[href]')].map((a) => a.getAttribute('href')).filter((h) => /attacker|%E2%80%A8/.test(h!)),
  }));
  expect(seen).toEqual({
    location: true,
    cookie: 'string',
    config: false,
    markedLocation: 1,
    pattern: null,
    offOrigin: [],
    resolved: ['https://lab.test/%E2%80%A8javascript:alert(1)', 'https://lab.test/attacker.example'],
  });
  expect(await canary(page)).toEqual({ canary: 0, calls: [] });
  await witness.expectNoHits();
});
