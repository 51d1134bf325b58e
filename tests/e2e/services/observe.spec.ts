// rmx.network.observe in a real Chromium: the recorder we ship runs in the page's main world and the
// remixlet reads what the page itself received from the host it was granted (fetch and XMLHttpRequest,
// including a response from before the remixlet started), bounded, and nothing from other hosts. The page's
// own requests and responses are unchanged; a host without the permission is refused.
import { test, expect } from '../harness';
import { installWith, perm, report, results, logMessages } from './helpers';

const PAGE = `<!doctype html><title>Feed</title><body><div id="feed"></div><script>
window.early = fetch('http://api.test/early').then((r) => r.text());
</script></body>`;

const SCRIPT = `
${report('otherHost', `rmx.network.observe('other.test', () => undefined)`)}
await rmx.network.observe('api.test', (r) => rmx.log('SEEN ' + JSON.stringify({ via: r.via, path: new URL(r.url).pathname, method: r.method, status: r.status, size: r.body.length, truncated: r.truncated, body: r.body.slice(0, 30) })));
rmx.log('RESULT ready ' + JSON.stringify({ ok: true, value: true }));
`;

test('a page’s own fetch and XHR responses from the granted host are observed, bounded and unchanged; other hosts are not', async ({ openPage, openExtensionPage, tabIdOf, sites, witness }) => {
  const cors = { 'access-control-allow-origin': '*' };
  const posted: string[] = [];
  sites.route('feed.test', '/', () => ({ headers: { 'content-type': 'text/html' }, body: PAGE }));
  sites.route('api.test', '/early', () => ({ headers: { ...cors, 'content-type': 'application/json' }, body: '{"first":"before the remixlet"}' }));
  sites.route('api.test', '/prices', () => ({ headers: { ...cors, 'content-type': 'application/json' }, body: '{"mug":12}' }));
  sites.route('api.test', '/stock', () => ({ headers: { ...cors, 'content-type': 'text/plain' }, body: 'in stock: 3' }));
  sites.route('api.test', '/echo', (_req, _res, ctx) => (posted.push(ctx.body.toString()), { headers: { ...cors, 'content-type': 'text/plain' }, body: `got ${ctx.body.toString()}` }));
  sites.route('api.test', '/big', () => ({ headers: { ...cors, 'content-type': 'text/plain' }, body: 'b'.repeat(100_000) }));
  sites.route('other.test', '/private', () => ({ headers: { ...cors, 'content-type': 'text/plain' }, body: 'not for the remixlet' }));

  const page = await openPage('feed.test', '/');
  const tabId = await tabIdOf(page);
  const { panel, remixletId } = await installWith(openExtensionPage, tabId, { matches: ['*://feed.test/*'], permissions: [perm('network:observe:api.test')], script: SCRIPT });
  await page.reload();
  const r = await results(panel, remixletId, ['otherHost', 'ready']);
  expect(r.otherHost).toMatchObject({ ok: false, code: 'PERMISSION_MISSING' });

  const own = await page.evaluate(async () => {
    const xhr = await new Promise<string>((resolve) => {
      const x = new XMLHttpRequest();
      x.open('GET', 'http://api.test/stock');
      x.onload = () => resolve(x.responseText);
      x.send();
    });
    return {
      early: await (window as unknown as { early: Promise<string> }).early,
      prices: await fetch('http://api.test/prices').then((res) => res.json()),
      xhr,
      echo: await fetch('http://api.test/echo', { method: 'POST', body: 'payload-123' }).then((res) => res.text()),
      big: (await fetch('http://api.test/big').then((res) => res.text())).length,
      other: await fetch('http://other.test/private').then((res) => res.text()),
    };
  });
  // What the page got is exactly what the servers sent.
  expect(own).toEqual({ early: '{"first":"before the remixlet"}', prices: { mug: 12 }, xhr: 'in stock: 3', echo: 'got payload-123', big: 100_000, other: 'not for the remixlet' });
  expect(posted).toEqual(['payload-123']);

  const seen = async () => (await logMessages(panel, remixletId)).filter((m) => m.startsWith('SEEN ')).map((m) => JSON.parse(m.slice(5)) as { path: string });
  await expect.poll(async () => (await seen()).map((s) => s.path).sort(), { timeout: 10_000 }).toEqual(['/big', '/early', '/echo', '/prices', '/stock']);
  const byPath = Object.fromEntries((await seen()).map((s) => [s.path, s]));
  expect(byPath['/early']).toEqual({ via: 'fetch', path: '/early', method: 'GET', status: 200, size: 31, truncated: false, body: '{"first":"before the remixlet"' });
  expect(byPath['/stock']).toMatchObject({ via: 'xhr', method: 'GET', body: 'in stock: 3' });
  expect(byPath['/echo']).toMatchObject({ via: 'fetch', method: 'POST', body: 'got payload-123' });
  expect(byPath['/big']).toMatchObject({ size: 64 * 1024, truncated: true });
  await witness.expectNoHits();
});

// A page script that runs before the extension answers: it hears every window message and every event its
// world dispatches, watches message ports, and reads whatever globals the recorder added.
const SPY = `<script>(() => {
  const seen = [];
  const note = (what, v) => { try { seen.push(what + ' ' + JSON.stringify(v)); } catch { seen.push(what + ' ' + String(v)); } };
  addEventListener('message', (e) => note('message', { data: e.data, ports: e.ports.length }), true);
  const dispatch = EventTarget.prototype.dispatchEvent;
  EventTarget.prototype.dispatchEvent = function (ev) { note('event', { type: ev.type, detail: ev.detail }); return dispatch.call(this, ev); };
  const portPost = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (data) { note('port', data); return portPost.apply(this, arguments); };
  window.spy = () => {
    const blank = document.createElement('iframe');
    document.documentElement.append(blank);
    const baseline = new Set(Object.getOwnPropertyNames(blank.contentWindow));
    blank.remove();
    for (const name of Object.getOwnPropertyNames(window)) if (!baseline.has(name) && name !== 'spy') note('global ' + name, window[name]);
    for (const sym of Object.getOwnPropertySymbols(window)) note('symbol ' + String(sym), window[sym]);
    return seen;
  };
})();</script>`;

test('the page’s own world learns no observed host: the recorder is given none, and the page hears nothing that names one', async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  const cors = { 'access-control-allow-origin': '*' };
  sites.route('feed.test', '/', () => ({ headers: { 'content-type': 'text/html' }, body: `<!doctype html><head>${SPY}</head><title>Feed</title><body></body>` }));
  sites.route('api.test', '/prices', () => ({ headers: { ...cors, 'content-type': 'application/json' }, body: '{"mug":12}' }));
  sites.route('other.test', '/private', () => ({ headers: { ...cors, 'content-type': 'application/json' }, body: '{"not":"observed"}' }));

  const page = await openPage('feed.test', '/');
  const tabId = await tabIdOf(page);
  // secret.test is observed but the page never asks it for anything: only the extension could tell the page that name.
  const script = `
await rmx.network.observe('api.test', (r) => rmx.log('SEEN ' + new URL(r.url).pathname));
await rmx.network.observe('secret.test', (r) => rmx.log('SEEN ' + new URL(r.url).pathname));
rmx.log('RESULT ready ' + JSON.stringify({ ok: true, value: true }));
`;
  const { panel, remixletId } = await installWith(openExtensionPage, tabId, { matches: ['*://feed.test/*'], permissions: [perm('network:observe:api.test'), perm('network:observe:secret.test')], script });
  await page.reload();
  await results(panel, remixletId, ['ready']);
  await page.evaluate(async () => {
    await fetch('http://api.test/prices').then((r) => r.text());
    await fetch('http://other.test/private').then((r) => r.text());
  });
  // The recorder runs and the remixlet gets what it observes...
  await expect.poll(async () => (await logMessages(panel, remixletId)).filter((m) => m.startsWith('SEEN ')), { timeout: 10_000 }).toEqual(['SEEN /prices']);

  // ...while the page's world heard nothing naming the unrequested observed host, and nothing that tells
  // the observed host it did request apart from the one it did not.
  const heard = await page.evaluate(() => (window as unknown as { spy: () => string[] }).spy());
  expect(heard.filter((line) => line.includes('secret.test'))).toEqual([]);
  expect(heard.filter((line) => line.includes('api.test')).length).toBe(heard.filter((line) => line.includes('other.test')).length);
});
