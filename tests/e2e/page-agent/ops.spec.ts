// Every dom operation through the real extension: a remixlet in its sandbox drives the page agent on the lab
// page, and the test checks what a user or an attacker would see — the page itself, the answers the
// remixlet got, the remixlet's log, the witnesses — including events typed by a person, observation,
// clicks, batching, bad input, and release when the sandbox stops.
import { test, expect } from '../harness';
import { afterWorkerReload, readLog, uiCall } from '../remixlet';
import { canary, runLab } from './lab';

/** Hostile strings reach the remixlet as page data, never as literals in script.js (the save check reads those). */
const STRINGS = {
  inlineUrl: 'url(https://attacker.example/inline)',
  setHtml: '<section class="made"><h2>Made</h2><img src="https://attacker.example/sethtml.png" alt="x"><p>by a remixlet</p></section>',
  createSrc: 'https://attacker.example/create.png',
  addStyleUrl: '#heading { background: url(https://attacker.example/addstyle) }',
};

const SCRIPT = `
const S = (await readData('strings'))[0];
const r = {};
const t = async (name, p) => { r[name] = await settle(p); };

// Finding and reading
await t('query', dom.query('#heading').then((h) => h.tag));
await t('queryNull', dom.query('#nothing'));
await t('queryAll', dom.queryAll('.step').then((l) => l.length));
await t('queryAllLimit', dom.queryAll('.step', { limit: 2 }).then((l) => l.length));
await t('scoped', dom.query('#steps').then((s) => s.query('li:last-child')).then((h) => h.text()));
await t('waitFor', dom.waitFor('#late', { timeout: 5000 }).then((h) => h && h.text()));
await t('waitForTimeout', dom.waitFor('#never', { timeout: 50 }));
await t('url', dom.url());
await t('title', dom.title());
const heading = await dom.query('#heading');
const card = await dom.query('#card');
const pw = await dom.query('#password');
const user = await dom.query('#user');
await t('text', heading.text());
await t('attr', heading.attr('data-kind'));
await t('value', user.value());
await t('pwValue', pw.value());
await t('pwAttr', pw.attr('value'));
await t('formHtml', dom.query('#login').then((f) => f.html()));
await t('rect', card.rect());
await t('computedStyle', card.computedStyle(['width']));
await t('matches', card.matches('.card'));
await t('closest', dom.query('#intro b').then((b) => b.closest('main')).then((m) => m.tag));
await t('parent', dom.query('#intro b').then((b) => b.parent()).then((p) => p.tag));
await t('children', dom.query('#steps').then((s) => s.children()).then((c) => c.length));

// Changing
await t('setText', dom.query('#intro i').then((i) => i.setText('<b>not markup</b>')));
await t('setAttrMark', heading.setAttr('seen', 'yes'));
await t('attrMark', heading.attr('seen'));
await heading.setAttr('temp', 'x');
await t('removeAttr', heading.removeAttr('temp'));
await t('addClass', heading.addClass('hot'));
await t('removeClassKeeps', heading.removeClass('title'));
await t('setStyle', card.setStyle({ 'background-color': 'rgb(1, 2, 3)' }));
await t('setStyleUrl', card.setStyle({ 'background-image': S.inlineUrl }));
await t('pwType', pw.setAttr('type', 'text'));
// Any style, not only field-sizing (which the save check now refuses in a literal anywhere): the field's style is locked.
await t('pwStyle', pw.setStyle({ width: '500px' }));
await t('hide', dom.query('#grid').then((g) => g.hide()));
await dom.query('#steps').then((g) => g.hide());
await t('show', dom.query('#steps').then((g) => g.show()));
await t('setValue', dom.query('#search').then((s) => s.setValue('teapots')));
await t('setValueHidden', dom.query('#token').then((s) => s.setValue('forged')));
const lab = await dom.query('#lab');
await t('setHTML', lab.setHTML(S.setHtml));
const made = await dom.create('div', { attrs: { class: 'created', title: 'mine' }, text: 'created' });
await t('create', lab.append(made));
await t('createRefused', dom.create('iframe', { attrs: { class: 'x' } }));
await t('createAttrRefused', dom.create('img', { attrs: { src: S.createSrc } }));
const first = await dom.create('span', { text: 'first' });
await t('prepend', lab.prepend(first));
await t('before', first.before(await dom.create('span', { text: 'before' })));
await t('after', first.after(await dom.create('span', { text: 'after' })));
const doomed = await dom.create('span', { text: 'doomed' });
await lab.append(doomed);
await t('replaceWith', doomed.replaceWith(await dom.create('em', { text: 'replaced' })));
await t('clone', dom.query('#pw-label').then((f) => f.clone()).then(async (c) => { await lab.append(c); return c.html(); }));
await t('cloneForm', dom.query('#login').then((f) => f.clone()));
await t('addStyle', dom.addStyle('#heading { outline: 3px solid rgb(9, 8, 7); }'));
await t('addStyleUrl', dom.addStyle(S.addStyleUrl));
await t('focus', user.focus());
await t('clickAllowed', dom.query('#intro').then((p) => p.click()));
await t('clickAway', dom.query('#away-submit').then((b) => b.click()));
await t('clickFormaction', dom.query('#fa').then((b) => b.click()));
await t('clickClobbered', dom.query('#clobbered-submit').then((b) => b.click()));
await t('clickNewTab', dom.query('#newtab').then((b) => b.click()));
const gone = await dom.query('#top nav');
await gone.remove();
await t('gone', gone.text());

// A batch: one round trip, every op checked on its own
await t('batch', dom.batch(() => Promise.all([
  settle(dom.title()),
  settle(dom.create('form')),
  settle(dom.query('input[value^=h]')),
  settle(card.setText('batched')),
  settle(dom.query('[[')),
])).then((all) => all.map((x) => (x.ok ? 'ok' : x.code))));

// Chained calls: sent with the call they are chained on, naming its element by its place in the batch
await t('chained', dom.query('#card').setAttr('chained', 'yes'));
await t('chainedScoped', dom.query('#steps').query('li:last-child').text());
await t('chainedNothing', dom.query('#nothing').hide());
await t('chainedRefused', dom.query('[[').hide());
await t('chainedAwaited', dom.waitFor('#heading').then((h) => h.tag));

// Bad input
await t('badSelector', dom.query('div:::nope'));
await t('hugeString', card.setText('x'.repeat(200000)));
await t('selectorNotString', dom.query(42));
const loop = await dom.create('div');
await t('cyclic', loop.append(loop));
await t('forged', lab.append({ id: 'h1zzzz' }));
await t('deepHtml', loop.setHTML('<div>'.repeat(30000)).then((x) => x.removed.length));

// Events and observation, then wait for the person
const events = [];
await card.on('click', (e) => events.push({ type: e.type, tag: e.target && e.target.tag }), { preventDefault: true });
await dom.query('#card-link').then((a) => a.on('click', (e) => events.push({ type: 'link-click' }), { preventDefault: true }));
await dom.query('#login').then((f) => f.on('keydown', (e) => events.push({ type: 'keydown', key: e.key })));
await dom.query('#login').then((f) => f.on('input', (e) => events.push({ type: 'input', value: e.value })));
const observed = [];
await dom.observe('.added', (els) => observed.push(...els.map((e) => e.tag)));
const stopped = [];
const stoppedObserver = await dom.observe('.added', (els) => stopped.push(...els));
await t('unobserve', stoppedObserver.stop());
const offListener = await card.on('click', () => stopped.push('click'));
await t('off', offListener.off());
let changes = 0;
rmx.keep('count-changes', { check: () => { changes += 1; return true; }, repair: () => undefined });
await report(r);
await status('ready');
await dom.waitFor('#go', { timeout: 30000 });
await pause(300);
await report({ events, observed, stopped, changes }, '#results2');
await status('done');
`;

test('every dom operation through the real extension, with the page policy holding for each', async ({ sites, openPage, openExtensionPage, tabIdOf, witness, evaluateInOffscreen }) => {
  test.setTimeout(180_000);
  await witness.clear();
  const lab = await runLab({ sites, openPage, openExtensionPage, tabIdOf }, { route: '/ops.html', data: { strings: [STRINGS] }, script: SCRIPT, waitStatus: 'ready' });
  const { page } = lab;
  const r = await lab.results<Record<string, { ok: boolean; value?: unknown; code?: string; reason?: string }>>();
  const ok = (name: string) => {
    expect(r[name], name).toMatchObject({ ok: true });
    return r[name]!.value;
  };
  const refused = (name: string, code: string) => {
    expect(r[name], name).toMatchObject({ ok: false, code });
    expect(r[name]!.reason!.length, `${name} has a reason`).toBeGreaterThan(20);
  };

  // Reads
  expect(ok('query')).toBe('h1');
  expect(ok('queryNull')).toBeNull();
  expect(ok('queryAll')).toBe(3);
  expect(ok('queryAllLimit')).toBe(2);
  expect(ok('scoped')).toBe('Three');
  expect(ok('waitFor')).toBe('late');
  expect(ok('waitForTimeout')).toBeNull();
  expect(ok('url')).toBe('http://lab.test/ops.html');
  expect(ok('title')).toBe('Remixlet Lab');
  expect(ok('text')).toBe('Remixlet Lab');
  expect(ok('attr')).toBe('lab');
  expect(ok('value')).toBe('alice');
  expect(ok('pwValue')).toBe('');
  expect(ok('pwAttr')).toBe('');
  expect(ok('formHtml')).toContain('id="password"');
  expect(ok('formHtml')).not.toContain('hunter2');
  expect(ok('rect')).toMatchObject({ width: 200 });
  expect(ok('computedStyle')).toEqual({ width: '200px' });
  expect(ok('matches')).toBe(true);
  expect(ok('closest')).toBe('main');
  expect(ok('parent')).toBe('p');
  expect(ok('children')).toBe(3);

  // Writes, as the page shows them
  expect(await page.locator('#intro i').innerHTML()).toBe('&lt;b&gt;not markup&lt;/b&gt;');
  const id = lab.remixletId;
  expect(await page.locator('#heading').getAttribute(`data-rmx-${id}-seen`)).toBe('yes');
  expect(ok('removeAttr')).toBeUndefined();
  expect(await page.locator('#heading').getAttribute(`data-rmx-${id}-temp`)).toBeNull();
  await expect(page.locator('#steps')).toBeVisible();
  expect(ok('attrMark')).toBe('yes');
  expect(await page.locator('#heading').getAttribute('class')).toBe(`title rmx-${id}-hot`);
  expect(await page.locator('#card').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(1, 2, 3)');
  refused('setStyleUrl', 'STYLE_REFUSED');
  refused('pwType', 'PASSWORD_FIELD_LOCKED');
  refused('pwStyle', 'PASSWORD_FIELD_LOCKED');
  expect(await page.locator('#password').getAttribute('type')).toBe('password');
  await expect(page.locator('#grid')).toBeHidden();
  expect(await page.locator('#search').inputValue()).toBe('teapots');
  refused('setValueHidden', 'NOT_APPLICABLE');
  expect(await page.locator('#token').inputValue()).toBe('csrf-123');
  expect(ok('setHTML')).toEqual({ removed: [expect.stringContaining('attacker.example/sethtml.png')] });
  expect(await page.locator('#lab .made').innerHTML()).toBe('<h2>Made</h2><img alt="x"><p>by a remixlet</p>');
  expect(await page.locator('#lab > div.created').getAttribute('title')).toBe('mine');
  refused('createRefused', 'ELEMENT_REFUSED');
  refused('createAttrRefused', 'ADDRESS_REFUSED');
  expect(await page.locator('#lab > span, #lab > em').allTextContents()).toEqual(['before', 'first', 'after', 'replaced']);
  expect(ok('clone')).not.toMatch(/hunter2|id=|name=/);
  expect(ok('clone')).toContain('type="password"');
  refused('cloneForm', 'ELEMENT_REFUSED');
  await expect.poll(() => page.locator('#heading').evaluate((el) => getComputedStyle(el).outlineColor)).toBe('rgb(9, 8, 7)');
  refused('addStyleUrl', 'STYLE_REFUSED');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('user');
  expect(ok('clickAllowed')).toBeUndefined();
  expect(await page.evaluate(() => (window as unknown as { __pageSaw: string[] }).__pageSaw)).toContain('click:intro:false');
  refused('clickAway', 'CLICK_REFUSED');
  refused('clickFormaction', 'CLICK_REFUSED');
  // The form's own field named "action" does not stand in for its real destination.
  refused('clickClobbered', 'CLICK_REFUSED');
  expect(r.clickClobbered!.reason).toContain('attacker.example');
  refused('clickNewTab', 'CLICK_REFUSED');
  refused('gone', 'HANDLE_GONE');

  // Batch, bad input
  expect(ok('batch')).toEqual(['ok', 'ELEMENT_REFUSED', 'SELECTOR_TESTS_PASSWORD', 'ok', 'SELECTOR_INVALID']);
  expect(await page.locator('#card').textContent()).toBe('batched');
  expect(await page.locator('#card').getAttribute(`data-rmx-${id}-chained`)).toBe('yes');
  expect(ok('chainedScoped')).toBe('Three');
  refused('chainedNothing', 'HANDLE_UNKNOWN');
  expect(r.chainedNothing!.reason).toMatch(/chained on answered no element/);
  refused('chainedRefused', 'HANDLE_UNKNOWN');
  expect(ok('chainedAwaited')).toBe('h1');
  refused('badSelector', 'SELECTOR_INVALID');
  refused('hugeString', 'MALFORMED_MESSAGE');
  refused('selectorNotString', 'MALFORMED_MESSAGE');
  refused('cyclic', 'HIERARCHY_REFUSED');
  refused('forged', 'HANDLE_UNKNOWN');
  expect(ok('deepHtml')).toBe(0);

  // Events from a person, and observation
  await page.locator('#card').click();
  await page.locator('#card-link').click();
  await page.locator('#user').pressSequentially('ab');
  await page.locator('#password').pressSequentially('xy');
  await page.evaluate(() => document.getElementById('main')!.insertAdjacentHTML('beforeend', '<p class="added">1</p><div><p class="added">2</p></div>'));
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<i id="go"></i>'));
  await expect(page.locator('#status')).toHaveText('done');
  expect(page.url()).toBe('http://lab.test/ops.html');
  const { events, observed, stopped, changes } = await lab.results<{ events: Array<Record<string, unknown>>; observed: string[]; stopped: unknown[]; changes: number }>('#results2');
  expect(stopped).toEqual([]);
  // dom's change watch (behind rmx.keep) reported the page's changes: the check ran again after them.
  expect(changes).toBeGreaterThan(1);
  expect(events.filter((e) => e.type === 'click')).toEqual([{ type: 'click', tag: 'div' }]);
  expect(events.filter((e) => e.type === 'link-click')).toHaveLength(1);
  // The typing in the password field makes no event at all: not even keys without their names.
  expect(events.filter((e) => e.type === 'keydown').map((e) => e.key)).toEqual(['a', 'b']);
  expect(events.filter((e) => e.type === 'input').map((e) => e.value)).toEqual(['aalice', 'abalice']);
  expect(observed).toEqual(['p', 'p']);

  // Every refusal is in the log with its reason
  const log = await readLog(lab.panel, lab.remixletId);
  const refusals = log.filter((e) => e.level === 'refusal').map((e) => e.message);
  for (const expected of ['dom.setStyle refused', 'dom.create refused', 'dom.click refused', 'dom.text refused', 'dom.setAttr refused', 'dom.insert refused', 'dom.query refused']) {
    expect(refusals.some((m) => m.startsWith(expected)), expected).toBe(true);
  }
  expect(log.some((e) => e.message.includes('dom.setText refused: Malformed'))).toBe(true);
  expect(log.some((e) => e.level === 'warn' && e.message.includes('attacker.example/sethtml.png'))).toBe(true);

  // Release: switching the remixlet off reloads its tab, and the page it gets has none of its listeners or stylesheets
  await afterWorkerReload(page, () => uiCall(lab.panel, 'setEnabled', { remixletId: lab.remixletId, enabled: false }));
  await expect.poll(() => evaluateInOffscreen<string[]>('remixletLiveSandboxes()')).toHaveLength(0);
  await expect.poll(() => page.locator('#heading').evaluate((el) => getComputedStyle(el).outlineColor)).not.toBe('rgb(9, 8, 7)');
  await page.evaluate(() => ((window as unknown as { __pageSaw: string[] }).__pageSaw.length = 0));
  await page.locator('#card').click();
  expect(await page.evaluate(() => (window as unknown as { __pageSaw: string[] }).__pageSaw)).toEqual(['click:card:false']);

  expect(await canary(page)).toEqual({ canary: 0, calls: [] });
  await witness.expectNoHits();
});
