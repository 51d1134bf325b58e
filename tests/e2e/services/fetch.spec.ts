// rmx.fetch in a real Chromium, through a remixlet on a fixture page: the worker sends it with the person's
// cookies to approved hosts only; no request reaches an unapproved host, redirects included (witnessed);
// a chain that returns to an approved host is followed; Authorization is dropped when a redirect leaves
// the origin; size and time limits; a missing or unapproved permission and a paused site stop it.
import { test, expect } from '../harness';
import { afterWorkerReload, uiCall, manifest } from '../remixlet';
import { installWith, perm, report, results, logMessages } from './helpers';

const SCRIPT = [
  report('json', `(await rmx.fetch('http://api.test/data', { as: 'json' }))`),
  report('https', `(await rmx.fetch('https://api.test/data')).status`),
  report('unapproved', `rmx.fetch('http://evil.test/direct')`),
  report('toEvil', `rmx.fetch('http://api.test/to-evil')`),
  report('toOther', `rmx.fetch('http://api.test/to-other')`),
  report('chain', `(await rmx.fetch('http://api.test/chain'))`),
  report('authCross', `(await rmx.fetch('http://api.test/auth-cross', { headers: { Authorization: 'Bearer t0ken' }, as: 'json' })).body`),
  report('authSame', `(await rmx.fetch('http://api.test/auth-same', { headers: { Authorization: 'Bearer t0ken' }, as: 'json' })).body`),
  report('post303', `(await rmx.fetch('http://api.test/post-303', { method: 'POST', body: 'a=1', headers: { 'content-type': 'text/plain' }, as: 'json' })).body`),
  report('tooBig', `rmx.fetch('http://api.test/big')`),
  report('tooBigStreamed', `rmx.fetch('http://api.test/big-streamed')`),
  report('endless', `rmx.fetch('http://api.test/endless', { timeoutMs: 1500 })`),
  report('cookieHeader', `rmx.fetch('http://api.test/data', { headers: { Cookie: 'sid=forged' } })`),
].join('');

test('rmx.fetch: approved hosts only, every redirect checked, authorization dropped across origins, limits', async ({ openPage, openExtensionPage, tabIdOf, sites, witness }) => {
  const seen: Array<{ host: string; path: string; auth: string | null; cookie: string | null; method: string }> = [];
  const note = (host: string) => (req: import('node:http').IncomingMessage, _res: unknown, ctx: { url: URL }) => {
    seen.push({ host, path: ctx.url.pathname, auth: (req.headers.authorization as string) ?? null, cookie: req.headers.cookie ?? null, method: req.method ?? '' });
  };
  const endless: Array<() => void> = [];
  sites.route('api.test', '/login', () => ({ headers: { 'set-cookie': 'sid=s3cret; Path=/' }, body: 'signed in' }));
  sites.route('api.test', '/data', (req, res, ctx) => (note('api.test')(req, res, ctx), { json: { hello: 'world', cookie: req.headers.cookie ?? null } }));
  sites.route('api.test', '/to-evil', () => ({ status: 302, headers: { location: 'http://evil.test/stolen?secret=1' } }));
  sites.route('api.test', '/to-other', () => ({ status: 301, headers: { location: 'http://other.test/nope' } }));
  sites.route('api.test', '/chain', () => ({ status: 302, headers: { location: 'http://mirror.test/hop' } }));
  sites.route('mirror.test', '/hop', (req, res, ctx) => (note('mirror.test')(req, res, ctx), { status: 307, headers: { location: 'http://api.test/final' } }));
  sites.route('api.test', '/final', () => ({ body: 'chain done' }));
  sites.route('api.test', '/auth-cross', (req, res, ctx) => (note('api.test')(req, res, ctx), { status: 307, headers: { location: 'http://mirror.test/echo-auth' } }));
  sites.route('api.test', '/auth-same', (req, res, ctx) => (note('api.test')(req, res, ctx), { status: 302, headers: { location: '/echo-auth' } }));
  for (const host of ['api.test', 'mirror.test']) {
    sites.route(host, '/echo-auth', (req, res, ctx) => (note(host)(req, res, ctx), { json: { host, authorization: req.headers.authorization ?? null } }));
  }
  sites.route('api.test', '/post-303', () => ({ status: 303, headers: { location: '/echo-method' } }));
  sites.route('api.test', '/echo-method', (req, _res, ctx) => ({ json: { method: req.method, body: ctx.body.toString() } }));
  sites.route('api.test', '/big', () => ({ body: Buffer.alloc(2 * 1024 * 1024, 97) }));
  sites.route('api.test', '/big-streamed', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = Buffer.alloc(64 * 1024, 98);
    let sent = 0;
    const tick = setInterval(() => {
      if (sent++ > 40 || !res.write(chunk)) return;
    }, 5);
    res.on('close', () => clearInterval(tick));
    endless.push(() => clearInterval(tick));
  });
  sites.route('api.test', '/endless', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const tick = setInterval(() => res.write('.'), 100);
    res.on('close', () => clearInterval(tick));
    endless.push(() => clearInterval(tick));
  });

  // The person is signed in to api.test: the cookie lives in the browser, not in the remixlet.
  await openPage('api.test', '/login');
  const page = await openPage('shop.test', '/index.html');
  const tabId = await tabIdOf(page);
  await witness.clear();
  const { panel, remixletId } = await installWith(openExtensionPage, tabId, {
    matches: ['*://shop.test/*'],
    permissions: [perm('fetch:api.test'), perm('fetch:mirror.test')],
    script: SCRIPT,
  });
  await page.reload();
  const r = await results(panel, remixletId, ['json', 'https', 'unapproved', 'toEvil', 'toOther', 'chain', 'authCross', 'authSame', 'post303', 'tooBig', 'tooBigStreamed', 'endless', 'cookieHeader']);
  for (const stop of endless) stop();

  // Sent with the person's cookies; status, headers and a parsed body come back.
  expect(r.json).toMatchObject({ ok: true, value: { status: 200, ok: true, redirected: false, body: { hello: 'world', cookie: 'sid=s3cret' } } });
  expect((r.json as { value: { headers: Record<string, string> } }).value.headers['content-type']).toMatch(/application\/json/);
  expect(r.https).toEqual({ ok: true, value: 200 });
  // Not approved: refused before anything is sent; a redirect to an unapproved host is not followed.
  expect(r.unapproved).toMatchObject({ ok: false, code: 'PERMISSION_MISSING' });
  expect(r.toEvil).toMatchObject({ ok: false, code: 'ADDRESS_REFUSED' });
  expect(r.toOther).toMatchObject({ ok: false, code: 'ADDRESS_REFUSED' });
  // A chain through another approved host that returns to the first is followed to its end.
  expect(r.chain).toMatchObject({ ok: true, value: { status: 200, redirected: true, url: 'http://api.test/final', body: 'chain done' } });
  expect(seen.filter((s) => s.path === '/hop')).toHaveLength(1);
  // Authorization reaches the first origin, is dropped when the redirect crosses to another, kept on the same origin.
  expect(r.authCross).toEqual({ ok: true, value: { host: 'mirror.test', authorization: null } });
  expect(seen.find((s) => s.path === '/auth-cross')?.auth).toBe('Bearer t0ken');
  expect(r.authSame).toEqual({ ok: true, value: { host: 'api.test', authorization: 'Bearer t0ken' } });
  // A 303 after a POST is fetched with GET and without the body.
  expect(r.post303).toEqual({ ok: true, value: { method: 'GET', body: '' } });
  // Limits: larger than the cap (declared or streamed), a body that never ends, a header the browser owns.
  expect(r.tooBig).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
  expect(r.tooBigStreamed).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
  expect(r.endless).toMatchObject({ ok: false, code: 'TIMEOUT' });
  expect(r.cookieHeader).toMatchObject({ ok: false, code: 'MALFORMED_MESSAGE' });

  // Nothing reached an unapproved host: not evil.test (a witness), not other.test (a fixture host).
  await witness.expectNoHits();
  expect(sites.requests({ host: 'other.test', path: '/nope' })).toEqual([]);
  // Each refusal is in the remixlet's log with its reason.
  const log = (await logMessages(panel, remixletId)).join('\n');
  expect(log).toMatch(/rmx\.fetch refused: api\.test redirected to "evil\.test", which is not an approved host/);
  expect(log).toMatch(/rmx\.fetch refused: .*larger than 1048576 bytes/);
});

test('rmx.fetch: a permission not approved is refused at save; a paused site sends nothing', async ({ openPage, openExtensionPage, tabIdOf, sites, witness }) => {
  let hits = 0;
  sites.route('api.test', '/count', () => (hits++, { body: 'counted' }));
  const page = await openPage('shop.test', '/index.html');
  const tabId = await tabIdOf(page);
  await witness.clear();
  // Without the person's Allow on a card, the manifest cannot be saved at all.
  const { panel } = await installWith(openExtensionPage, tabId, { matches: ['*://shop.test/*'], script: 'rmx.log("plain")' });
  const refused = await uiCall<{ status: string; refusals: Array<{ code: string }> }>(panel, 'save', {
    tabId,
    files: { 'manifest.json': manifest({ matches: ['*://shop.test/*'], permissions: [perm('fetch:api.test')] }), 'script.js': "await rmx.fetch('http://api.test/count')" },
  });
  expect(refused).toMatchObject({ status: 'refused', refusals: [{ code: 'PERMISSION_NOT_APPROVED' }] });

  // Approved, it fetches on each click of the cart; once the site is paused, a click sends nothing.
  const { remixletId } = await installWith(openExtensionPage, tabId, {
    matches: ['*://shop.test/*'],
    permissions: [perm('fetch:api.test')],
    script: `const cart = await dom.query('#cart'); await cart.on('click', async () => rmx.log('clicked', (await rmx.fetch('http://api.test/count')).body)); rmx.log('RESULT ready true');`,
  });
  await page.reload();
  await results(panel, remixletId, ['ready']);
  await page.locator('#cart').click();
  await expect.poll(() => hits).toBe(1);
  // Pausing reloads the tab: the click meets the page that reload made, never one it is about to replace.
  await afterWorkerReload(page, () => uiCall(panel, 'pauseSite', { site: 'shop.test', paused: true }));
  await page.locator('#cart').click();
  await page.waitForTimeout(1_000);
  expect(hits).toBe(1);
  await witness.expectNoHits();
});
