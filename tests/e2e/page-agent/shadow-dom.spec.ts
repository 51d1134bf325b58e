// Shadow DOM is part of the page: on components.test (components with open and closed shadow roots, slots,
// components nested in components) a remixlet reaches inside with `>>>` in the real extension, where closed
// roots are opened only by chrome.dom.openOrClosedShadowRoot; style.css and dom.addStyle style inside; a keep
// holds while a component redraws itself; and every page-policy rule holds inside closed roots: a password
// field reads empty and never moves, a selector or stylesheet that tests a value is refused while the page has
// one (positive control: the same selector on the page without a password field is answered), offsite links
// and the form inside a closed root are not followed (positive control: a person's click on the same link
// reaches the witness), an href cannot be pointed offsite, and setHTML drops an offsite image.
import { test, expect } from '../harness';
import { install, manifest, openPanel, readLog } from '../remixlet';
import { PRELUDE } from './lab';
import { COMPONENTS_STYLE as STYLE, inRoot } from './components';

const SCRIPT = `
const r = {};
const t = async (name, p) => { r[name] = await settle(p); };
const text = (sel) => dom.query(sel).then((h) => h && h.text());

// Finding, in open and closed roots, nested, slotted, scoped
await t('titles', dom.queryAll('news-card >>> .title').then((l) => Promise.all(l.map((h) => h.text()))));
await t('nested', dom.queryAll('news-card >>> comment-list >>> .comment').then((l) => l.length));
await t('plainStaysOutside', dom.queryAll('.title').then((l) => l.length));
await t('openRoot', text('app-shell >>> .foot'));
await t('slotted', text('app-shell > .brand'));
await t('scoped', dom.query('#first').then((c) => c.query(':scope >>> .summary')).then((h) => h.text()));
await t('closest', dom.query('#second').then((c) => c.query(':scope >>> comment-list >>> .comment')).then((h) => h.closest('news-card')).then((h) => h.attr('id')));
await t('matches', dom.query('news-card >>> .title').then((h) => h.matches('#first >>> h2')));

// Changing inside closed roots
await t('setText', dom.query('#second').then((c) => c.query(':scope >>> .title')).then((h) => h.setText('Renamed')));
await t('mark', dom.query('#first').then((c) => c.query(':scope >>> .title')).then(async (h) => { await h.addClass('seen'); await h.setAttr('note', 'x'); return h.attr('note'); }));
await t('addStyle', dom.addStyle('news-card >>> .summary { color: rgb(0, 128, 0) }'));
rmx.keep('promo hidden', {
  check: async () => { const b = await dom.query('promo-banner >>> .banner'); return !b || (await b.computedStyle(['display'])).display === 'none'; },
  repair: async () => { const b = await dom.query('promo-banner >>> .banner'); if (b) await b.hide(); },
});

// Hostile, inside closed roots
const offsite = await dom.query('promo-banner >>> .promo-link').then((h) => h.attr('href'));
await t('pwValue', dom.query('x-login >>> .pw').then((h) => h.value()));
await t('pwAttr', dom.query('x-login >>> .pw').then((h) => h.attr('value')));
await t('pwHtml', dom.query('x-login >>> .signin').then((h) => h.html()));
await t('valueSelector', dom.queryAll('x-search >>> input[value^="m"]').then((l) => l.length));
await t('valueSelectorPw', dom.queryAll('x-login >>> input[value^="h"]').then((l) => l.length));
await t('valueStyle', dom.addStyle('x-login >>> input[value^="h"] { width: 300px }'));
await t('promoClick', dom.query('promo-banner >>> .promo-link').then((h) => h.click()));
await t('shareClick', dom.query('app-shell >>> .nav-share').then((h) => h.click()));
await t('submit', dom.query('x-login >>> .go').then((h) => h.click()));
await t('hrefOffsite', dom.query('app-shell >>> .nav-home').then((h) => h.setAttr('href', offsite)));
await t('setHTML', dom.query('x-login >>> .box').then((h) => h.setHTML('<p class="made">made</p><img class="pix" src="' + offsite + '.png">')));
await t('movePw', Promise.all([dom.query('x-login >>> .pw'), dom.query('x-search >>> form')]).then(([pw, form]) => form.append(pw)));
await t('pwStyle', dom.query('x-login >>> .pw').then((h) => h.setStyle({ width: '400px' })));
await report(r);
await status('done');
`;

type Settled = { ok: boolean; value?: unknown; code?: string; reason?: string };

test('a remixlet reaches, styles and keeps elements inside open and closed shadow roots, and the page policy holds there', async ({ openPage, openExtensionPage, tabIdOf, witness }) => {
  const page = await openPage('components.test', '/');
  await witness.control(page);
  await witness.clear();
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  const { remixletId } = await install(panel, tabId, {
    'manifest.json': manifest({ name: 'Components', matches: ['*://components.test/*'] }),
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

  // Finding
  expect(r.titles).toEqual({ ok: true, value: ['Story 1', 'Story 2'] });
  expect(r.nested).toEqual({ ok: true, value: 4 });
  expect(r.plainStaysOutside).toEqual({ ok: true, value: 0 });
  expect(r.openRoot).toEqual({ ok: true, value: '© Components' });
  expect(r.slotted).toEqual({ ok: true, value: 'Component News' });
  expect(r.scoped).toEqual({ ok: true, value: 'Summary of story 1.' });
  expect(r.closest).toEqual({ ok: true, value: 'second' });
  expect(r.matches).toEqual({ ok: true, value: true });

  // Changing, as the page shows it
  expect(await inRoot(page, '#second', "return root.querySelector('.title').textContent")).toBe('Renamed');
  const firstTitle = await inRoot<{ cls: string; attrs: string[] }>(page, '#first', "const t = root.querySelector('.title'); return { cls: t.className, attrs: t.getAttributeNames() }");
  expect(firstTitle.cls).toContain(`rmx-${remixletId}-seen`);
  expect(firstTitle.attrs).toContain(`data-rmx-${remixletId}-note`);
  expect(r.mark).toEqual({ ok: true, value: 'x' });
  expect(await inRoot(page, '#first', "return getComputedStyle(root.querySelector('.summary')).color")).toBe('rgb(0, 128, 0)');
  // style.css: into closed roots, two deep, and the document part of a mixed rule still applies.
  expect(await inRoot(page, '#first', "return getComputedStyle(root.querySelector('.title')).color")).toBe('rgb(1, 2, 3)');
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('.brand')!).color)).toBe('rgb(1, 2, 3)');
  const commentStyle = await inRoot(page, '#first', "const c = root.querySelector('comment-list'); return getComputedStyle(window.componentRoot(c).querySelector('.comment')).fontStyle");
  expect(commentStyle).toBe('italic');

  // The keep holds while the component redraws its closed root.
  const bannerDisplay = () => inRoot<string>(page, '#promo', "return getComputedStyle(root.querySelector('.banner')).display");
  await expect.poll(bannerDisplay).toBe('none');
  await page.evaluate(() => (window as unknown as { redrawPromo: (n: number) => void }).redrawPromo(2));
  expect(await inRoot(page, '#promo', "return root.querySelector('.banner').dataset.round")).toBe('2');
  await expect.poll(bannerDisplay).toBe('none');

  // The policy, inside closed roots
  expect(r.pwValue).toEqual({ ok: true, value: '' });
  expect(r.pwAttr).toEqual({ ok: true, value: '' });
  expect(r.pwHtml!.ok).toBe(true);
  expect(String(r.pwHtml!.value)).not.toContain('hunter2');
  for (const key of ['valueSelector', 'valueSelectorPw', 'valueStyle']) expect(r[key], key).toMatchObject({ ok: false, code: 'SELECTOR_TESTS_PASSWORD' });
  for (const key of ['promoClick', 'shareClick', 'submit']) expect(r[key], key).toMatchObject({ ok: false, code: 'CLICK_REFUSED' });
  expect(r.hrefOffsite).toMatchObject({ ok: false });
  expect(await inRoot(page, '#shell', "return root.querySelector('.nav-home').getAttribute('href')")).toBe('/');
  expect(r.setHTML!.ok).toBe(true);
  expect(await inRoot(page, '#login', "return [root.querySelectorAll('.box .made').length, root.querySelector('.box').innerHTML.includes('attacker')]")).toEqual([1, false]);
  expect(r.movePw).toMatchObject({ ok: false });
  expect(r.pwStyle).toMatchObject({ ok: false });
  expect(await inRoot(page, '#login', "const pw = root.querySelector('.pw'); return [pw.value, pw.closest('form').className, pw.getAttribute('style')]")).toEqual(['hunter2-typed', 'signin', null]);
  await witness.expectNoHits();

  // Positive control: a person's click on the same offsite link inside the closed root does reach the witness.
  await inRoot(page, '#promo', "root.querySelector('.promo-link').click()");
  await witness.waitForHits((hits) => hits.some((h) => h.host === 'attacker.example'));
});

test('positive control: without a password field on the page, the same value selector inside a closed root is answered', async ({ openPage, openExtensionPage, tabIdOf }) => {
  const page = await openPage('components.test', '/?nologin');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  await install(panel, tabId, {
    'manifest.json': manifest({ name: 'Components', matches: ['*://components.test/*'] }),
    'script.js': `${PRELUDE}\nconst r = {}; r.valueSelector = await settle(dom.queryAll('x-search >>> input[value^="m"]').then((l) => l.length)); await report(r); await status('done');`,
  });
  await page.reload();
  await expect(page.locator('#status')).toHaveText('done', { timeout: 30_000 });
  const r = JSON.parse((await page.locator('#results').textContent())!) as Record<string, Settled>;
  expect(r.valueSelector).toEqual({ ok: true, value: 1 });
});
