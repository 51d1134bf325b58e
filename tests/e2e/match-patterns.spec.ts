// Our match-pattern code against Chromium's own: open tabs on several addresses, ask Chromium which tabs
// each pattern matches (chrome.tabs.query({ url }) uses its URLPattern), and compare with matchesUrl.
import { test, expect } from './harness';
import { matchesUrl, parseMatchPattern } from '../../contracts/policy/match-pattern';

const URLS = [
  'http://shop.test/index.html',
  'https://shop.test/index.html?ref=mail',
  'http://news.test/article-2.html',
  'https://news.test/index.html#top',
  'https://api.test/v1/data.json',
  'http://other.test/',
  'https://spa.test/list/item?id=7',
];

const PATTERNS = [
  '<all_urls>',
  '*://*/*',
  '*://shop.test/*',
  'https://shop.test/*',
  'http://shop.test/*',
  '*://*.test/*',
  'https://*.test/*',
  '*://shop.test/index.html',
  '*://shop.test/index.html*',
  '*://*/index.html',
  '*://*/*.json',
  'https://spa.test/list/*',
  'https://spa.test/list/item?id=*',
  '*://news.test/article-*',
  'http://*/*',
  '*://*.shop.test/*',
  '*://api.test/v1/*',
  'https://other.test/*',
];

test('matchesUrl agrees with Chromium on every pattern and address', async ({ context, openPage, serviceWorker }) => {
  test.setTimeout(180_000);
  const pages = [];
  for (const url of URLS) {
    const u = new URL(url);
    pages.push(await openPage(u.hostname, `${u.pathname}${u.search}${u.hash}`, { https: u.protocol === 'https:', waitUntil: 'commit' }));
  }
  const open = context.pages().map((p) => p.url());
  for (const url of URLS) expect(open).toContain(url);
  // The browser's tab records can trail a commit Playwright has seen: compare once every address is there.
  await expect
    .poll(async () => {
      const tabs = await serviceWorker.evaluate(async () => (await chrome.tabs.query({})).map((t) => t.url ?? ''));
      return URLS.filter((u) => !tabs.includes(u));
    })
    .toEqual([]);

  for (const pattern of PATTERNS) {
    expect(parseMatchPattern(pattern).ok, pattern).toBe(true);
    const chromium = await serviceWorker.evaluate(async (p) => (await chrome.tabs.query({ url: p })).map((t) => t.url ?? ''), pattern);
    const ours = URLS.filter((u) => matchesUrl([pattern], [], u));
    expect(chromium.filter((u) => URLS.includes(u)).sort(), pattern).toEqual(ours.sort());
  }
  void pages;
});
