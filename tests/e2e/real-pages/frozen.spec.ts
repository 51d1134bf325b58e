// The real-page snapshots are served frozen: every one of them opens without a single request leaving
// for another host, without running any of its scripts and without a frame navigating, so a test about
// structure sees the same page each run. The positive control is the same snapshot served as a browser
// received it: it loads from third parties at once. The 50,000-element page is exactly that big.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type Witness } from '../harness';
import { REAL_PAGES_HOST, realPageNames, realPagePath, realPagesDir } from '../harness/real-pages';
import { BIG_PAGE_ELEMENTS, BIG_PAGE_HOST } from '../harness/big-page';

const REFUSED_SCRIPTS = () => {
  const w = window as unknown as { refusedScripts: number };
  w.refusedScripts = 0;
  document.addEventListener('securitypolicyviolation', (e) => {
    if (e.effectiveDirective.startsWith('script-src')) w.refusedScripts += 1;
  });
};

/** Every host a snapshot names in its markup: where an unfrozen page would send its requests. */
function hostsTheSnapshotsName(): Set<string> {
  const hosts = new Set<string>();
  for (const name of realPageNames()) {
    const html = readFileSync(path.join(realPagesDir, name, 'source.html'), 'utf8');
    for (const m of html.matchAll(/(?:https?:)?\/\/([a-z0-9.-]+\.[a-z]{2,})/gi)) hosts.add(m[1]!.toLowerCase());
  }
  return hosts;
}

async function causedBySnapshots(witness: Witness): Promise<string[]> {
  const named = hostsTheSnapshotsName();
  expect(named.size).toBeGreaterThan(100);
  const hits = await witness.hits();
  return hits.filter((h) => named.has(h.host) || h.initiator?.includes(REAL_PAGES_HOST)).map((h) => `${h.host}${h.path ?? ''}`);
}

test('every snapshot opens frozen: no request leaves for another host, no script runs', async ({ page, sites, witness }) => {
  test.setTimeout(600_000);
  await page.addInitScript(REFUSED_SCRIPTS);
  await witness.clear();
  let refused = 0;
  for (const name of realPageNames()) {
    await page.goto(sites.url(REAL_PAGES_HOST, realPagePath(name)), { waitUntil: 'load' });
    expect(await page.evaluate(() => document.body.childElementCount), name).toBeGreaterThan(0);
    refused += await page.evaluate(() => (window as unknown as { refusedScripts: number }).refusedScripts);
    // No frame began a navigation elsewhere (a refused one would show an error page).
    expect(page.frames().map((f) => f.url()).filter((u) => !/^about:(blank|srcdoc)$/.test(u) && !u.startsWith(`http://${REAL_PAGES_HOST}/`)), name).toEqual([]);
  }
  await page.goto('about:blank');
  // Over several minutes the browser makes its own background requests (a device check-in to Google), which
  // this test does not judge; a request the snapshots caused goes to a host they name, or names one of
  // them as its initiator.
  expect(await causedBySnapshots(witness)).toEqual([]);
  // The snapshots do carry scripts: the page's policy refused them, one report each.
  expect(refused).toBeGreaterThan(realPageNames().length);
});

test('positive control: the same snapshot served live loads from third parties', async ({ page, sites, witness }) => {
  await witness.clear();
  await page.goto(sites.url(REAL_PAGES_HOST, realPagePath('ars-1', { live: true })), { waitUntil: 'load' });
  await expect.poll(() => causedBySnapshots(witness).then((c) => c.length)).toBeGreaterThan(0);
});

test(`the big page has ${BIG_PAGE_ELEMENTS} elements`, async ({ openPage }) => {
  const big = await openPage(BIG_PAGE_HOST, '/');
  expect(await big.evaluate(() => document.getElementsByTagName('*').length)).toBe(BIG_PAGE_ELEMENTS);
});
