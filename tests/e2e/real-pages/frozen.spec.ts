// The real-page snapshots are served frozen: every one of them opens without a single request leaving
// for another host and without running any of its scripts, so a test about structure sees the same page
// each run. The positive control is the same snapshot served as a browser received it: it loads from
// third parties at once. The 50,000-element page is exactly that big.
import { test, expect } from '../harness';
import { REAL_PAGES_HOST, realPageNames, realPagePath } from '../harness/real-pages';
import { BIG_PAGE_ELEMENTS, BIG_PAGE_HOST } from '../harness/big-page';

const REFUSED_SCRIPTS = () => {
  const w = window as unknown as { refusedScripts: number };
  w.refusedScripts = 0;
  document.addEventListener('securitypolicyviolation', (e) => {
    if (e.effectiveDirective.startsWith('script-src')) w.refusedScripts += 1;
  });
};

test('every snapshot opens frozen: no request leaves for another host, no script runs', async ({ page, sites, witness }) => {
  test.setTimeout(600_000);
  await page.addInitScript(REFUSED_SCRIPTS);
  await witness.clear();
  let refused = 0;
  for (const name of realPageNames()) {
    await page.goto(sites.url(REAL_PAGES_HOST, realPagePath(name)), { waitUntil: 'load' });
    expect(await page.evaluate(() => document.body.childElementCount), name).toBeGreaterThan(0);
    refused += await page.evaluate(() => (window as unknown as { refusedScripts: number }).refusedScripts);
  }
  await page.goto('about:blank');
  await witness.expectNoHits();
  // The snapshots do carry scripts: the page's policy refused them, one report each.
  expect(refused).toBeGreaterThan(realPageNames().length);
});

test('positive control: the same snapshot served live loads from third parties', async ({ page, sites, witness }) => {
  await witness.clear();
  await page.goto(sites.url(REAL_PAGES_HOST, realPagePath('ars-1', { live: true })), { waitUntil: 'load' });
  await expect.poll(async () => (await witness.hits()).length).toBeGreaterThan(0);
});

test(`the big page has ${BIG_PAGE_ELEMENTS} elements`, async ({ openPage }) => {
  const big = await openPage(BIG_PAGE_HOST, '/');
  expect(await big.evaluate(() => document.getElementsByTagName('*').length)).toBe(BIG_PAGE_ELEMENTS);
});
