// Our match-pattern code against Chromium's own: open tabs on several addresses, ask Chromium which tabs
// each pattern matches (chrome.tabs.query({ url }) uses its URLPattern), and compare with matchesUrl.
import { test, expect } from './harness';
import { matchesUrl, parseMatchPattern } from '../../contracts/policy/match-pattern';
import { parseManifest } from '../../contracts/policy/manifest';

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

// Held out from the patterns above, the cases the product once got wrong or could: escaped and plain paths,
// a Unicode host against its punycode, trailing dots, and ports under the * scheme. Chromium is asked twice:
// whether it parses a pattern at all (chrome.tabs.query throws on one it refuses, as registering would fail),
// and which open tabs it matches. The save check (parseManifest) must accept exactly what Chromium parses,
// except where it is stricter on purpose (MATCH_PATTERN_RULES, in the manifest reference), and match the same
// tabs.
const HELD_OUT_URLS = [
  'http://shop.test/~user/a',
  'http://shop.test/%7Euser/b',
  'http://shop.test/caf%C3%A9',
  'http://café.test/',
  'http://shop.test./dot',
  'http://news.test/p',
  'https://news.test/q',
  'http://shop.test/sp%20ace',
  'http://shop.test/%41bc',
  'http://shop.test/Abc',
  'http://shop.test/a%2Fb',
  'http://shop.test/a/b',
  'http://shop.test/x%25y',
  'http://shop.test/p%2Aq',
  'http://shop.test/pzq',
  'http://shop.test/q?x=%7E',
  'http://shop.test/q?x=~',
];

const HELD_OUT_PATTERNS = [
  '*://shop.test/~user/*',
  '*://shop.test/%7Euser/*',
  '*://shop.test/%7euser/*',
  '*://shop.test/%41bc',
  '*://shop.test/Abc',
  '*://shop.test/abc',
  '*://shop.test/a%2Fb',
  '*://shop.test/a/b',
  '*://shop.test/a%2fb',
  '*://shop.test/x%25y',
  '*://shop.test/x%y',
  '*://shop.test/p%2Aq',
  '*://shop.test/p*q',
  '*://shop.test/q?x=~',
  '*://shop.test/q?x=%7e',
  '*://shop.test/caf%c3%a9',
  '*://shop.test/caf%C3%A9',
  '*://café.test/*',
  '*://CAFÉ.test/*',
  '*://xn--caf-dma.test/*',
  '*://*.xn--caf-dma.test/*',
  '*://shop.test./*',
  'http://shop.test./dot',
  '*://news.test:80/*',
  '*://news.test:443/*',
  '*://*:443/*',
  'http://news.test:80/*',
  'https://news.test:443/*',
  'https://news.test:80/*',
  '*://news.test:*/*',
  'http://shop.test/sp%20ace',
  '*://shop.test:/*',
  '*://*.*.test/*',
];

/**
 * Patterns Chromium parses that the save check refuses on purpose (MATCH_PATTERN_RULES, in the manifest
 * reference, says why): a leading-zero port, another scheme, a path no address can have, a wildcard over a
 * public suffix or reserved name.
 */
const STRICTER_ON_PURPOSE = new Set(['https://news.test:080/*', 'ftp://shop.test/*', '*://*.com/*', '*://shop.test/café', 'http://shop.test/sp ace', '*://*.test./*']);

const MANIFEST = { name: 'Held out', description: 'Checks a pattern.', runAt: 'document_idle', permissions: [] };

test('held-out patterns: the save check parses what Chromium parses and matches what it matches, stricter only where documented', async ({ openPage, serviceWorker, sites }) => {
  test.setTimeout(180_000);
  // Chromium sends the Unicode host as punycode; the fixture servers answer it as a host of its own.
  sites.route('xn--caf-dma.test', '*', () => ({ headers: { 'content-type': 'text/html' }, body: '<title>idn</title>' }));
  for (const url of HELD_OUT_URLS) {
    const u = new URL(url);
    await openPage(u.hostname, `${u.pathname}${u.search}`, { https: u.protocol === 'https:', waitUntil: 'commit' });
  }
  const expected = HELD_OUT_URLS.map((u) => new URL(u).href);
  await expect
    .poll(async () => {
      // Settled tabs only: chrome.tabs.query({ url }) matches a tab by the address it is showing, which while a
      // navigation is under way is not yet the one tab.url reports.
      const tabs = await serviceWorker.evaluate(async () => (await chrome.tabs.query({})).map((t) => (t.status === 'complete' && !t.pendingUrl ? (t.url ?? '') : 'loading')));
      return [...expected.filter((u) => !tabs.includes(u)), ...tabs.filter((u) => u === 'loading')];
    })
    .toEqual([]);
  const tabs = await serviceWorker.evaluate(async () => (await chrome.tabs.query({})).map((t) => t.url ?? ''));
  const chromiumOn = (pattern: string) =>
    serviceWorker.evaluate(async (p) => {
      try {
        return { parses: true, urls: (await chrome.tabs.query({ url: p })).map((t) => t.url ?? '') };
      } catch {
        return { parses: false, urls: [] as string[] };
      }
    }, pattern);

  for (const pattern of [...HELD_OUT_PATTERNS, ...STRICTER_ON_PURPOSE]) {
    const chromium = await chromiumOn(pattern);
    const saved = parseManifest({ ...MANIFEST, matches: [pattern] }).ok;
    if (STRICTER_ON_PURPOSE.has(pattern)) {
      expect({ chromium: chromium.parses, saved }, pattern).toEqual({ chromium: true, saved: false });
    } else {
      expect(saved, `${pattern}: Chromium ${chromium.parses ? 'parses' : 'refuses'} it`).toBe(chromium.parses);
    }
    // Where the pattern code parses it, it matches the tabs Chromium matches.
    if (!chromium.parses || !parseMatchPattern(pattern).ok) continue;
    const ours = tabs.filter((u) => matchesUrl([pattern], [], u));
    expect(ours.sort(), pattern).toEqual(chromium.urls.filter((u) => tabs.includes(u)).sort());
  }
});

// By class, not by case: one character of each kind a path can hold (unreserved letters and digits, the dot,
// characters the browser escapes, reserved characters whose escapes hold a hex letter), each as an address
// escaped and as written, and as a pattern escaped in uppercase, in lowercase and as written. Chromium is
// asked which tabs each pattern matches; the pattern code must say the same for every one.
const CHARACTER_CLASSES = ['A', 'z', '5', '-', '_', '~', '.', ' ', '"', '<', '`', '#', '%', '*', '+', '/', ':', ';', '=', '?', '[', ']', '^', '{', '|', 'é'];

test('by class: an escape, in either case, or the character itself, matches where Chromium matches it', async ({ openPage, sites, serviceWorker }) => {
  test.setTimeout(300_000);
  const escapes = (c: string, upper: boolean) => [...new TextEncoder().encode(c)].map((b) => `%${upper ? b.toString(16).toUpperCase() : b.toString(16)}`).join('');
  const paths = new Set<string>();
  for (const c of CHARACTER_CLASSES) {
    paths.add(`/e${escapes(c, true)}z`);
    paths.add(`/e${escapes(c, false)}z`);
    if (!'#?%'.includes(c)) paths.add(`/r${c}z`);
  }
  // The first tab opens the others, so they share its browsing context group and, being one site, its
  // renderer: seventy-odd tabs in one process rather than seventy-odd processes, tabs all the same to
  // chrome.tabs.query. Each address as the browser's URL parser writes it, the form a tab's url takes.
  const [firstPath, ...restPaths] = [...paths];
  const first = await openPage('shop.test', firstPath!, { waitUntil: 'commit' });
  const opened = [first.url(), ...(await first.evaluate((urls) => urls.map((u) => (window.open(u), new URL(u).href)), restPaths.map((p) => sites.url('shop.test', p))))];
  await expect
    .poll(async () => {
      const tabs = await serviceWorker.evaluate(async () => (await chrome.tabs.query({})).map((t) => (t.status === 'complete' && !t.pendingUrl ? (t.url ?? '') : 'loading')));
      return [...opened.filter((u) => !tabs.includes(u)), ...tabs.filter((u) => u === 'loading')];
    })
    .toEqual([]);
  const tabs = await serviceWorker.evaluate(async () => (await chrome.tabs.query({})).map((t) => t.url ?? '').filter((u) => u.startsWith('http')));
  const disagreements: string[] = [];
  for (const c of CHARACTER_CLASSES) {
    for (const path of [`/e${escapes(c, true)}z`, `/e${escapes(c, false)}z`, `/e${c}z`, `/r${escapes(c, true)}z`, `/r${c}z`]) {
      const pattern = `*://shop.test${path}`;
      const chromium = await serviceWorker.evaluate(async (p) => (await chrome.tabs.query({ url: p }).catch(() => null))?.map((t) => t.url ?? '') ?? null, pattern);
      if (chromium === null || !parseMatchPattern(pattern).ok) continue;
      const ours = tabs.filter((u) => matchesUrl([pattern], [], u)).sort();
      const theirs = chromium.filter((u) => tabs.includes(u)).sort();
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) disagreements.push(`${JSON.stringify(pattern)}: ours ${JSON.stringify(ours)}, Chromium ${JSON.stringify(theirs)}`);
    }
  }
  expect(disagreements).toEqual([]);
});
