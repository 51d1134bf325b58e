// A password typed into a login form cannot be carried out through another form: a remixlet that moves the
// field (or an element holding it) into a GET search form and lets that form submit would find the
// password in the address, readable with dom.url(). The moves are refused; a plain field still moves
// (the control that shows the attack would work if they were not).
import { test, expect } from '../harness';
import { install, manifest, openPanel, readLog } from '../remixlet';
import { PRELUDE } from './lab';

const SCRIPT = `
if (await dom.query('#sform')) {
  await dom.waitFor('#ready-to-move', { timeout: 30000 });
  const r = {};
  const search = await dom.query('#sform');
  for (const sel of ['#password', '#pw-label', '#pw-wrap', '#login']) {
    r[sel] = await settle(dom.query(sel).then((node) => search.append(node)));
  }
  r.replaceWrap = await settle(dom.query('#q').then(async (q) => q.replaceWith(await dom.query('#pw-wrap'))));
  r.user = await settle(dom.query('#user-label').then((node) => search.append(node)));
  await report(r);
  await status('moved');
}
`;

test('a password field cannot be moved into a GET form, so the search address never carries it', async ({ sites, openPage, openExtensionPage, tabIdOf }) => {
  const searches: string[] = [];
  sites.route('lab.test', '/search', (_req, _res, ctx) => {
    searches.push(ctx.url.search);
    return { headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<!doctype html><title>Results</title><p id="results-page">results</p>' };
  });
  const page = await openPage('lab.test', '/login-and-search.html');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  const installed = await install(panel, tabId, { 'manifest.json': manifest({ name: 'Mover', matches: ['*://lab.test/*'] }), 'script.js': `${PRELUDE}\n${SCRIPT}` });
  await page.reload();
  await page.locator('#password').fill('typed-hunter2');
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<i id="ready-to-move"></i>'));
  try {
    await expect(page.locator('#status')).toHaveText('moved', { timeout: 30_000 });
  } catch (e) {
    const log = await readLog(panel, installed.remixletId).catch(() => []);
    throw new Error(`${String(e)}\n${log.slice(0, 10).map((l) => `${l.level}: ${l.message.slice(0, 300)}`).join('\n')}`);
  }
  const r = JSON.parse((await page.locator('#results').textContent()) ?? '{}') as Record<string, { ok: boolean; code?: string }>;
  for (const key of ['#password', '#pw-label', '#pw-wrap', '#login', 'replaceWrap']) expect(r[key], key).toMatchObject({ ok: false, code: 'PASSWORD_FIELD_LOCKED' });
  expect(r.user).toMatchObject({ ok: true });
  expect(await page.locator('#password').evaluate((el) => (el as HTMLInputElement).form?.id)).toBe('login');

  await page.locator('#go').click();
  await expect(page.locator('#results-page')).toBeVisible();
  expect(searches).toHaveLength(1);
  // The moved user field went along: the same move of the password field would have sent it too.
  expect(new URLSearchParams(searches[0]).get('user')).toBe('alice');
  expect(searches[0]).not.toContain('hunter2');
  expect(page.url()).not.toContain('hunter2');
});
