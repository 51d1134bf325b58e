// The remixlet runtime as remixlet code meets it: a worker realm where the usual globals fail with errors
// that name the supported API, window and location describe the page, WebRTC is gone in every realm it
// can start, errors and refusals land in the log while the sandbox keeps running, rmx.keep holds a change
// on a site that redraws every 100 ms and re-checks only after changes near what it looks at, and bad
// remixlets neither stall the page nor their neighbours.
import type { Page } from '@playwright/test';
import { test, expect } from './harness';
import { readLog, uiCall } from './remixlet';
import { SATURATES } from './harness/tags';
import { PROBE_KIT, expectLive, installOn, logMessages, probeResults, waitForLog } from './hostile-sandbox/kit';

const RUNTIME_PROBES = `${PROBE_KIT}
const globalNamed = (name) => () => globalThis[name];
await probe('realm', () => globalThis.constructor.name);
await probe('no window realm', () => ['parent', 'top', 'opener', 'frames', 'frameElement'].map((n) => n + ':' + typeof globalThis[n]).join(' '));
for (const name of ['document', 'fetch', 'XMLHttpRequest', 'localStorage', 'sessionStorage', 'indexedDB', 'WebSocket', 'EventSource', 'caches', 'importScripts', 'BroadcastChannel', 'SharedWorker']) {
  await probe(name, globalNamed(name));
}
await probe('navigator.sendBeacon', () => navigator.sendBeacon);
await probe('window.document', () => window.document);
await probe('location', () => [location.href, location.hostname, window.location.pathname, String(location)].join(' '));
await probe('assign location', () => { location.href = 'https://elsewhere.example/'; });
await probe('assign window.location', () => { window.location = 'https://elsewhere.example/'; });
await probe('webrtc', () => Object.getOwnPropertyNames(globalThis).filter((n) => /RTC/.test(n) && globalThis[n] !== undefined).join(',') || 'none');
await probe('RTCPeerConnection', () => new RTCPeerConnection());
await probe('webkitRTCPeerConnection', () => new webkitRTCPeerConnection());
await probe('Function', () => Function('return 1')());
await probe('string timer', () => setTimeout(R('1'), 0));
const nestedCode = R(
  "const out = { fetch: (() => { try { return typeof fetch; } catch (e) { return e.message; } })(),",
  " rtc: Object.getOwnPropertyNames(globalThis).filter((n) => /RTC/.test(n) && globalThis[n] !== undefined).join(',') || 'none' };",
  "const inner = new Worker(URL.createObjectURL(new Blob([\\"postMessage(Object.getOwnPropertyNames(globalThis).filter((n) => /RTC/.test(n) && globalThis[n] !== undefined).join(',') || 'none')\\"])));",
  "inner.onmessage = (e) => postMessage({ ...out, innerRtc: e.data });",
);
await probe('nested workers', () => new Promise((resolve, reject) => {
  const w = new Worker(URL.createObjectURL(new Blob([nestedCode])));
  w.onmessage = (e) => resolve(e.data);
  w.onerror = (e) => reject(new Error(e.message));
}));
await probe('worker from elsewhere', () => new Worker(R('data:text/javascript,', 'postMessage(1)')));
await report('runtime');
`;

test('remixlet code runs in a worker realm: named errors, a page-shaped location, no WebRTC anywhere it reaches', async ({ openPage, openExtensionPage, tabIdOf, witness }) => {
  const page = await openPage('shop.test', '/index.html');
  const { panel, ids } = await installOn(page, tabIdOf, openExtensionPage, [{ name: 'Runtime probes', matches: ['*://shop.test/*'], script: RUNTIME_PROBES }]);
  const r = await probeResults(panel, ids[0]!, 'runtime');
  const threw = (id: string, message: RegExp) => expect(r.get(id), id).toMatchObject({ outcome: 'threw', detail: expect.stringMatching(message) });

  expect(r.get('realm')).toMatchObject({ outcome: 'ran', detail: 'DedicatedWorkerGlobalScope' });
  expect(r.get('no window realm')?.detail).toBe('parent:undefined top:undefined opener:undefined frames:undefined frameElement:undefined');
  threw('document', /^ReferenceError: document is not available in a remixlet\. .*use dom\.query/);
  threw('window.document', /use dom\.query/);
  for (const name of ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'navigator.sendBeacon']) threw(name, /use rmx\.fetch with a fetch:<host> permission/);
  for (const name of ['localStorage', 'sessionStorage', 'indexedDB', 'caches']) threw(name, /use rmx\.storage with the storage permission/);
  threw('importScripts', /put everything in script\.js/);
  threw('BroadcastChannel', /cannot talk to other contexts/);
  threw('SharedWorker', /start a Worker from a blob: address/);
  // The page's address, not the sandbox's blob: or chrome-extension: one; and it cannot be changed.
  expect(r.get('location')?.detail).toBe('http://shop.test/index.html shop.test /index.html http://shop.test/index.html');
  threw('assign location', /TypeError: Cannot (assign|set)/);
  threw('assign window.location', /TypeError: Cannot (assign|set)/);
  expect(r.get('webrtc')?.detail).toBe('none');
  threw('RTCPeerConnection', /TypeError: RTCPeerConnection is not a constructor/);
  threw('webkitRTCPeerConnection', /TypeError: webkitRTCPeerConnection is not a constructor/);
  threw('Function', /^EvalError: .*Content Security Policy/);
  threw('string timer', /^TypeError: Timers take a function/);
  // A worker the remixlet starts gets the same lockdown, and so does a worker that one starts.
  expect(JSON.parse(r.get('nested workers')!.detail)).toEqual({ fetch: expect.stringMatching(/use rmx\.fetch/), rtc: 'none', innerRtc: 'none' });
  threw('worker from elsewhere', /only from a blob: address it made/);
  await witness.expectNoHits({ settleMs: 0 });
});

test('uncaught errors, rejections, page refusals and worker refusals land in the log; the sandbox keeps running', async ({ openPage, openExtensionPage, tabIdOf }) => {
  const page = await openPage('shop.test', '/index.html');
  const { panel, ids } = await installOn(page, tabIdOf, openExtensionPage, [
    {
      name: 'Trips over everything',
      matches: ['*://shop.test/*'],
      script: `
        setTimeout(() => { throw new Error('thrown in a timer'); }, 0);
        Promise.reject(new Error('a rejection nobody handled'));
        try { await dom.query('div[[['); } catch (e) { rmx.log('page refused: ' + e.code); }
        try { await rmx.storage.get('k'); } catch (e) { rmx.log('worker refused: ' + e.code); }
        dom.query('a[[[');
        setTimeout(() => rmx.log('still running'), 500);
      `,
    },
    { name: 'Throws at load', matches: ['*://shop.test/*'], script: `throw new TypeError('broken at load');` },
  ]);
  await waitForLog(panel, ids[0]!, /^still running$/);
  const log = await readLog(panel, ids[0]!);
  const messages = log.map((e) => e.message);
  expect(messages).toContain('Uncaught Error: thrown in a timer');
  expect(messages).toContain('Uncaught Error: a rejection nobody handled');
  expect(messages).toContain('page refused: SELECTOR_INVALID');
  expect(messages).toContain('worker refused: PERMISSION_MISSING');
  // The refusals themselves, with their reasons, written where they were decided.
  const refusals = log.filter((e) => e.level === 'refusal').map((e) => `${e.refusal?.code} ${e.message}`);
  expect(refusals).toContainEqual(expect.stringMatching(/^SELECTOR_INVALID dom\.query refused: "div\[\[\[" is not a valid CSS selector/));
  expect(refusals).toContainEqual(expect.stringMatching(/^PERMISSION_MISSING .*needs the "storage" permission/));
  // The refusal nobody caught is an uncaught rejection, with the refusal's code and reason.
  expect(messages.some((m) => /^Uncaught RemixletError: dom\.query: .*SELECTOR_INVALID/.test(m))).toBe(true);
  await waitForLog(panel, ids[1]!, /^Uncaught TypeError: broken at load$/);
});

/** Records, for each redraw of spa.test's feed, whether its first item was repaired before the next redraw. */
async function watchRepairs(page: Page, text: string, ms: number): Promise<{ redraws: number; repaired: number }> {
  return page.evaluate(
    ({ text, ms }) =>
      new Promise((resolve) => {
        const seen = new Map<string, boolean>();
        const look = () => {
          const feed = document.getElementById('feed');
          const tick = feed?.dataset.tick;
          if (!tick) return;
          seen.set(tick, seen.get(tick) === true || feed!.querySelector('li')?.textContent === text);
        };
        const observer = new MutationObserver(look);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        setTimeout(() => {
          observer.disconnect();
          // The last redraw may not have had its chance yet.
          const ticks = [...seen.values()].slice(0, -1);
          resolve({ redraws: ticks.length, repaired: ticks.filter(Boolean).length });
        }, ms);
      }),
    { text, ms },
  );
}

const KEEPER = `
let checks = 0;
rmx.keep('first item is ours', {
  check: async () => { checks++; return (await (await dom.query('#feed li')).text()) === 'KEPT by the remixlet'; },
  repair: async () => { await (await dom.query('#feed li')).setText('KEPT by the remixlet'); },
});
setInterval(() => rmx.log('checks ' + checks), 500);
`;

test('rmx.keep holds a change on a site that redraws every 100 ms, across history navigation, and backs off a repair that never holds', async ({ openPage, openExtensionPage, tabIdOf }) => {
  const page = await openPage('spa.test', '/');
  const { panel, ids } = await installOn(page, tabIdOf, openExtensionPage, [
    { name: 'Keeper', matches: ['*://spa.test/*'], script: KEEPER },
    {
      name: 'Hopeless',
      matches: ['*://spa.test/*'],
      script: `let checks = 0; rmx.keep('never holds', { check: () => { checks++; return false; }, repair: () => {} }); setInterval(() => rmx.log('checks ' + checks), 500);`,
    },
  ]);
  const [keeper, hopeless] = ids as [string, string];
  await expect(page.locator('#feed li').first()).toHaveText('KEPT by the remixlet');
  const home = await watchRepairs(page, 'KEPT by the remixlet', 2_000);
  expect(home.redraws).toBeGreaterThan(10);
  // Most redraws are repaired before the next one (nearly all alone; 0.72 seen on a 2-core CI run at load 6-8);
  // how fast is bench/keep.bench.ts's question. A keep that stopped holding repairs none.
  expect(home.repaired / home.redraws).toBeGreaterThanOrEqual(0.5);

  await page.locator('a[data-route="/inbox"]').click();
  await expect(page.locator('#view-title')).toHaveText('Inbox');
  // After the navigation the keep holds the new view's feed too. Under heavy load from other tenants its round
  // trips can outgrow the page's 100 ms redraws, and then it backs off by design (up to seconds): wait for it
  // to hold again before judging, and say what it logged if it does not.
  await expect(page.locator('#feed li').first()).toHaveText('KEPT by the remixlet', { timeout: 20_000 });
  const inbox = await watchRepairs(page, 'KEPT by the remixlet', 2_000);
  expect(inbox.repaired / inbox.redraws, `${inbox.repaired} of ${inbox.redraws} redraws repaired; keeper's log: ${(await logMessages(panel, keeper)).filter((m) => !/^checks /.test(m)).join(' | ')}`).toBeGreaterThanOrEqual(0.5);

  // A burst of page changes within frames: the check runs at most about once a frame, not once per change.
  const checksOf = async (id: string) => Math.max(0, ...(await logMessages(panel, id)).map((m) => Number(/^checks (\d+)$/.exec(m)?.[1] ?? 0)));
  const before = await checksOf(keeper);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const end = performance.now() + 1_000;
        const flip = () => {
          for (let i = 0; i < 50; i++) document.body.toggleAttribute('data-burst');
          if (performance.now() < end) setTimeout(flip, 1);
          else resolve();
        };
        flip();
      }),
  );
  await page.waitForTimeout(600);
  expect((await checksOf(keeper)) - before).toBeLessThan(2 * 60 * 1.6);

  // The hopeless repair backs off (doubling waits, each said in the log) instead of checking at frame rate.
  const lines = await logMessages(panel, hopeless);
  expect(lines).toContain('rmx.keep("never holds"): the repair did not hold 3 times in a row; waiting 250 ms before checking again.');
  expect(lines).toContain('rmx.keep("never holds"): the repair did not hold 4 times in a row; waiting 500 ms before checking again.');
  expect(lines.some((l) => /the repair did not hold 6 times in a row; waiting 2000 ms/.test(l))).toBe(true);
  const hopelessChecks = await checksOf(hopeless);
  expect(hopelessChecks).toBeGreaterThanOrEqual(12);
  expect(hopelessChecks).toBeLessThan(40);
});

/** Counts its checks in the log; what it keeps is the cart's count, which the page itself changes on "Add to cart". */
const CART_KEEPER = `
let checks = 0;
rmx.keep('cart says kept', {
  check: async () => { checks++; const count = await dom.query('#cart .count'); return count !== null && (await count.text()) === 'kept'; },
  repair: async () => { const count = await dom.query('#cart .count'); if (count) await count.setText('kept'); },
});
setInterval(() => rmx.log('checks ' + checks), 200);
`;

test('rmx.keep re-checks after changes near what its check looks at, not after changes elsewhere, also behind another tab', async ({ openPage, openExtensionPage, tabIdOf }) => {
  const page = await openPage('shop.test', '/index.html');
  const { panel, ids } = await installOn(page, tabIdOf, openExtensionPage, [{ name: 'Cart keeper', matches: ['*://shop.test/*'], script: CART_KEEPER }]);
  const id = ids[0]!;
  const count = page.locator('#cart .count');
  await expect(count).toHaveText('kept');
  const checksOf = async () => Math.max(0, ...(await logMessages(panel, id)).map((m) => Number(/^checks (\d+)$/.exec(m)?.[1] ?? 0)));
  // Quiet first: the same count in two readings a second apart (the page's load and the repair itself are near).
  let settled = -1;
  await expect
    .poll(
      async () => {
        const before = settled;
        settled = await checksOf();
        return settled === before;
      },
      { intervals: [1_000], timeout: 15_000 },
    )
    .toBe(true);

  // Far from the cart: the product list grows, prices change, a sibling's class and the main element's
  // attribute flip, hundreds of times. None of it is in, around or an ancestor of #cart .count.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let n = 0;
        const step = () => {
          n += 1;
          const li = document.createElement('li');
          li.className = 'product';
          li.textContent = `Far item ${n}`;
          document.getElementById('products')!.append(li);
          document.querySelector('.price')!.textContent = `$${n}.00`;
          document.getElementById('promo-side')!.classList.toggle('flash');
          document.querySelector('main')!.setAttribute('data-n', String(n));
          if (n < 150) setTimeout(step, 10);
          else resolve();
        };
        step();
      }),
  );
  await page.waitForTimeout(1_000);
  expect(await page.locator('#products li').count()).toBeGreaterThan(150);
  expect(await checksOf()).toBe(settled);

  // Near: the page's own "Add to cart" rewrites the count; the keep checks and puts it back.
  await page.locator('button.add').first().click();
  await expect(page.locator('#cart')).toHaveAttribute('data-count', '1');
  await expect.poll(checksOf).toBeGreaterThan(settled);
  await expect(count).toHaveText('kept');

  // Behind another tab the keep still repairs. A fact of this browser: headless Chromium keeps a tab behind
  // another (even in a minimized window) visible, so a hidden tab, which gets no animation frames, cannot be
  // made here; the page agent's timer for hidden tabs is tested in tests/unit/page-agent/dom/watch.test.ts.
  const front = await page.context().newPage();
  await front.bringToFront();
  expect(await page.evaluate(() => document.visibilityState)).toBe('visible');
  await page.evaluate(() => {
    document.querySelector('#cart .count')!.textContent = 'changed behind another tab';
  });
  await expect(count).toHaveText('kept');
  await front.close();
});

test('bad remixlets do not stall the page or their neighbours: dom floods are rate limited, log floods bounded, loops torn down', { tag: SATURATES }, async ({ openPage, openExtensionPage, tabIdOf, evaluateInOffscreen }) => {
  const page = await openPage('spa.test', '/');
  const bad = [
    { name: 'Never settles', matches: ['*://spa.test/*'], script: `rmx.log('waiting forever'); await new Promise(() => {});` },
    { name: 'Log flood', matches: ['*://spa.test/*'], script: `for (;;) { for (let i = 0; i < 20000; i++) rmx.log('flood ' + i); await new Promise((r) => setTimeout(r, 10)); }` },
    {
      name: 'Dom flood',
      matches: ['*://spa.test/*'],
      script: `for (;;) { const calls = []; for (let i = 0; i < 10000; i++) calls.push(dom.url().catch((e) => e.code)); await Promise.all(calls); await new Promise((r) => setTimeout(r, 1)); }`,
    },
    { name: 'Busy loop', matches: ['*://spa.test/*'], script: `await rmx.log('spinning'); for (;;) {}` },
  ];
  const { panel, ids } = await installOn(page, tabIdOf, openExtensionPage, [{ name: 'Keeper', matches: ['*://spa.test/*'], script: KEEPER }, ...bad]);
  const [keeper, never, logFlood, domFlood, busy] = ids as [string, string, string, string, string];
  await waitForLog(panel, busy, /^spinning$/);
  await waitForLog(panel, never, /^waiting forever$/);
  const started = Date.now();

  // The busy loop never yields: the offscreen host's watchdog stops it, and its log says why. The script
  // that never settles still yields, so it stays.
  await expectLive(evaluateInOffscreen, [keeper, never, logFlood, domFlood].sort(), 15_000);
  await waitForLog(panel, busy, /did not yield for \d+ s/);

  // The neighbour keeps its change applied, and the page keeps redrawing and answering. On a loaded machine the
  // first repair has come over 5 s late (load 6-8, a busy loop spinning until the watchdog stops it); a dom flood
  // at its budget alone does not delay repairs (bench/keep.bench.ts). A stalled neighbour never repairs at all.
  await expect(page.locator('#feed li').first()).toHaveText('KEPT by the remixlet', { timeout: 20_000 });
  const tick0 = await page.evaluate(() => (window as unknown as { spa: { tick: number } }).spa.tick);
  const repairs = await watchRepairs(page, 'KEPT by the remixlet', 2_500);
  // Not a timing target (that is bench/): a stalled neighbour repairs nothing. Under a loaded 2-core CI run
  // about half the redraws are repaired before the next one; alone, nearly all.
  expect(repairs.repaired / repairs.redraws).toBeGreaterThanOrEqual(0.25);
  const t0 = Date.now();
  const tick1 = await page.evaluate(() => (window as unknown as { spa: { tick: number } }).spa.tick);
  expect(Date.now() - t0).toBeLessThan(500);
  expect(tick1 - tick0).toBeGreaterThanOrEqual(20);

  // The dom flood met the rate limit, said so in its log, and the page answered only up to the budget.
  const domLog = await readLog(panel, domFlood);
  expect(domLog.some((e) => /^RATE_LIMITED: More than 2000 dom calls a second/.test(e.message))).toBe(true);
  // The log flood wrote at most its budget (30 lines a second) and said how many lines it dropped.
  const floodLog = await logMessages(panel, logFlood);
  const seconds = (Date.now() - started) / 1000 + 2;
  expect(floodLog.filter((m) => m.startsWith('flood ')).length).toBeLessThanOrEqual(30 * seconds + 30);
  expect(floodLog.some((m) => /^\d+ log lines were dropped: a remixlet may write at most 30 log lines a second\.$/.test(m))).toBe(true);

  // Every bad sandbox can be torn down, the busy loop included; the neighbour stays.
  for (const id of [never, logFlood, domFlood, busy]) await uiCall(panel, 'setEnabled', { remixletId: id, enabled: false });
  await expectLive(evaluateInOffscreen, [keeper]);
  await expect(page.locator('#feed li').first()).toHaveText('KEPT by the remixlet');
});
