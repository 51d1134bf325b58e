// Issue 10 #5 and issue 26 #5: what three keep-based remixlets cost a page that changes itself — a
// mutation-heavy one (bench.test/churn.html, 10,000 mutations a second) and the 50,000-element page living as
// a news page does (big.test/live.html: a tick twice a second, a comment every two seconds, the cookie banner
// redrawn every four) — against the same page with them switched off (no page agent at all then), in
// alternating windows of the same run. Figures: the page's own work per second (its mutations up to the
// end of every mutation observer's delivery, the page agent's included), the renderer main thread's busy
// time per second (CDP Performance.getMetrics TaskDuration: everything the page and the page agent ran),
// and frame rate and jank. Prints figures; asserts nothing.
import type { Page } from '@playwright/test';
import { test, type HarnessFixtures } from '../tests/e2e/harness';
import { openPanel, uiCall } from '../tests/e2e/remixlet';
import { installBench, ms, pct, sleep } from './kit';
import { BIG_PAGE_HOST } from '../tests/e2e/harness/big-page';

const WINDOW_MS = 4_000;
const ROUNDS = 5; // on/off pairs (the main thread varies by ±10 % window to window here)

const KEEPS = [
  `let ad = null;
rmx.keep('no-ad', {
  check: async () => { ad = await dom.query('#header .ad:not([style*="none"])'); return ad === null; },
  repair: async () => { await ad?.hide(); },
});`,
  `const header = await dom.query('#header');
rmx.keep('header-marked', {
  check: async () => (await header.attr('seen')) === '1',
  repair: () => header.setAttr('seen', '1'),
});`,
  `const title = await dom.query('#header h1');
rmx.keep('title', {
  check: async () => (await title.text()) === 'Churn, remixed',
  repair: () => title.setText('Churn, remixed'),
});`,
];

interface Churn {
  frames: number;
  mutations: number;
  workMs: number;
  intervals: number[];
}
type Mode = 'on' | 'off' | 'effect';
interface Window {
  mode: Mode;
  seconds: number;
  frames: number;
  mutationsPerSecond: number;
  workMsPerSecond: number;
  busyMsPerSecond: number;
  interval95: number;
}

async function measure(page: Page, mode: Mode): Promise<Window> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () => ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN);
  await page.evaluate(() => (window as unknown as { benchChurnReset(): void }).benchChurnReset());
  const busy0 = await taskSeconds();
  const t0 = Date.now();
  await sleep(WINDOW_MS);
  const busy1 = await taskSeconds();
  const seconds = (Date.now() - t0) / 1000;
  const c = await page.evaluate(() => (window as unknown as { benchChurn: Churn }).benchChurn);
  await cdp.detach();
  return {
    mode,
    seconds,
    frames: c.frames / seconds,
    mutationsPerSecond: c.mutations / seconds,
    workMsPerSecond: c.workMs / seconds,
    busyMsPerSecond: ((busy1 - busy0) * 1000) / seconds,
    interval95: pct(c.intervals, 95),
  };
}

interface ChurningPage {
  host: string;
  path: string;
  /** A selector whose text the keeps set, and that text before and after. */
  marker: { selector: string; before: string; after: string };
  /**
   * The keeps' effect made by the page itself, with the extension off, as late as a keep makes it: a third
   * kind of window, so what the remixlets cost beyond what their change costs the browser can be told apart.
   */
  effect?: { label: string; apply: (page: Page) => Promise<void> };
}

const CHURN: ChurningPage = { host: 'bench.test', path: '/churn.html', marker: { selector: '#header h1', before: 'Churn', after: 'Churn, remixed' } };

/** Installs the keeps on the page, then measures it with them on and off in alternating windows, and prints the figures. */
async function costOf(
  label: string,
  keeps: ReadonlyArray<string | { script: string; style: string }>,
  { openPage, openExtensionPage, tabIdOf }: Pick<HarnessFixtures, 'openPage' | 'openExtensionPage' | 'tabIdOf'>,
  where: ChurningPage = CHURN,
): Promise<void> {
  const page = await openPage(where.host, where.path);
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  const ids: string[] = [];
  for (const [i, keep] of keeps.entries()) {
    const files = typeof keep === 'string' ? { script: keep } : keep;
    ids.push(await installBench(panel, tabId, { name: `bench keep ${i}`, matches: [`*://${where.host}/*`], ...files }));
  }
  const { selector, before, after } = where.marker;

  const windows: Window[] = [];
  const modes: Mode[] = where.effect ? ['on', 'off', 'effect'] : ['on', 'off'];
  for (let r = 0; r < ROUNDS * modes.length; r++) {
    const mode = modes[r % modes.length]!;
    const on = mode === 'on';
    // A switch that changes something reloads the tabs the remixlet runs on; the page is away meanwhile, so
    // that no reload of the worker's races the fresh load every window starts with.
    const url = page.url();
    await page.goto('about:blank');
    for (const id of ids) await uiCall(panel, 'setEnabled', { remixletId: id, enabled: on });
    await page.goto(url);
    await page.bringToFront();
    if (on) await page.waitForFunction(([sel, text]) => document.querySelector(sel!)?.textContent === text, [selector, after], { timeout: 30_000 });
    else if ((await page.locator(selector).textContent()) !== before) throw new Error('switched off, yet the page was changed');
    if (mode === 'effect') await where.effect!.apply(page);
    await sleep(1_000);
    windows.push(await measure(page, mode));
  }

  const mean = (mode: Mode, key: keyof Window) => {
    const xs = windows.filter((w) => w.mode === mode).map((w) => w[key] as number);
    return xs.reduce((a, b) => a + b, 0) / xs.length;
  };
  const change = (from: number, to: number) => `${(((to - from) / from) * 100).toFixed(1)}%`;
  const row = (label: string, key: keyof Window, unit: (x: number) => string) => {
    const off = mean('off', key);
    const onV = mean('on', key);
    let line = `  ${label}: off ${unit(off)}  on ${unit(onV)}  change ${change(off, onV)}`;
    if (where.effect) {
      const effect = mean('effect', key);
      line += `  | ${where.effect.label} ${unit(effect)}: on against it ${change(effect, onV)}`;
    }
    console.log(line);
  };
  console.log(`page cost of ${label} (${ROUNDS} windows of ${WINDOW_MS / 1000} s each, ${modes.join(', ')} in turn)`);
  row('mutations made per second', 'mutationsPerSecond', (x) => x.toFixed(0));
  row("page's own work per second (its mutations + observer delivery)", 'workMsPerSecond', ms);
  row('renderer main thread busy per second (page + page agent)', 'busyMsPerSecond', ms);
  row('frames per second', 'frames', (x) => x.toFixed(1));
  row('frame interval p95', 'interval95', ms);
  console.log(`  windows in order (work, busy ms/s): ${windows.map((w) => `${w.mode} ${w.workMsPerSecond.toFixed(1)}/${w.busyMsPerSecond.toFixed(0)}`).join(', ')}`);
}

test('three keep-based remixlets on a page making 10,000 mutations a second', async ({ openPage, openExtensionPage, tabIdOf }) => {
  await costOf('3 keep-based remixlets', KEEPS, { openPage, openExtensionPage, tabIdOf });
});

// The same keeps with the ad keep's selector not anchored by an id: that watch observes the whole page
// (page-agent/ops/watch-anchors.ts), so the page makes a mutation record for each of its changes.
const UNANCHORED = [KEEPS[0]!.replace('#header .ad', '.ad'), ...KEEPS.slice(1)];

test('the same, with one keep selecting without an id (the whole page watched)', async ({ openPage, openExtensionPage, tabIdOf }) => {
  await costOf('3 keep-based remixlets, one with a selector not anchored by an id', UNANCHORED, { openPage, openExtensionPage, tabIdOf });
});

/**
 * The page hides its own cookie banner each time it draws it, two frames later, as a keep's repair lands
 * (bench/keep.bench.ts: within one to two frames). Hiding an element in the flow after it was painted costs
 * Chromium's pre-paint phase on every later frame of this page (a trace: about 11 → 32 ms/s, with no extension
 * at all), the same whoever hides it, so the keeps are measured against this as well as against the page alone.
 */
async function pageHidesItsBannerLate(page: Page): Promise<void> {
  await page.evaluate(() => {
    const hide = () => {
      const banner = document.querySelector<HTMLElement>('.cookie-banner');
      if (banner && banner.style.display !== 'none') banner.style.setProperty('display', 'none', 'important');
    };
    hide();
    new MutationObserver(() => requestAnimationFrame(() => requestAnimationFrame(hide))).observe(document.body, { childList: true });
  });
}

const BIG_LIVE: ChurningPage = {
  host: BIG_PAGE_HOST,
  path: '/live.html',
  marker: { selector: 'article.story h1', before: 'A very long day on a very big page', after: 'A long day, remixed' },
  effect: { label: 'off, the page hiding its banner two frames late', apply: pageHidesItsBannerLate },
};

// What a person would keep on a big news page: the cookie banner gone (the page draws it again every two
// seconds), the author marked, the headline rewritten. None anchored by an id, so each watch is the whole page.
const BIG_KEEPS = [
  `let banner = null;
rmx.keep('no-banner', {
  check: async () => { banner = await dom.query('.cookie-banner:not([style*="none"])'); return banner === null; },
  repair: async () => { await banner?.hide(); },
});`,
  `const author = await dom.query('.byline .author');
rmx.keep('author-marked', {
  check: async () => (await author.attr('seen')) === '1',
  repair: () => author.setAttr('seen', '1'),
});`,
  `const title = await dom.query('article.story h1');
rmx.keep('title', {
  check: async () => (await title.text()) === 'A long day, remixed',
  repair: () => title.setText('A long day, remixed'),
});`,
];

test('three keep-based remixlets on the 50,000-element page living as a news page does', async ({ openPage, openExtensionPage, tabIdOf }) => {
  await costOf('3 keep-based remixlets on big.test/live.html', BIG_KEEPS, { openPage, openExtensionPage, tabIdOf }, BIG_LIVE);
});

// The same keeps with the banner hidden the way a remixlet should hide what a page draws again: by its
// style.css as well, which is in before the page paints the banner, so the keep's late repair (an inline
// display: none) lands on an element that was never drawn. (A check by h.computedStyle would cost this page
// more: it reads the page's password facts, a search of all 50,000 elements for shadow roots.)
const BIG_KEEPS_STYLED = [{ style: '.cookie-banner { display: none !important; }', script: BIG_KEEPS[0]! }, ...BIG_KEEPS.slice(1)];

test('the same keeps with the banner also hidden by style.css', async ({ openPage, openExtensionPage, tabIdOf }) => {
  await costOf('3 keep-based remixlets on big.test/live.html, the banner hidden by style.css', BIG_KEEPS_STYLED, { openPage, openExtensionPage, tabIdOf }, BIG_LIVE);
});

// The same three remixlets' first reads with no keep: what the page agent and three sandboxes cost that
// page on their own, so that the keeps' share of the figure above can be told apart.
const BIG_ONCE = [
  `const banner = await dom.query('.cookie-banner'); await banner?.hide();`,
  `const author = await dom.query('.byline .author'); await author?.setAttr('seen', '1');`,
  `const title = await dom.query('article.story h1'); await title?.setText('A long day, remixed');`,
];

test('the same three remixlets on the 50,000-element page without keeps (one change each, then idle)', async ({ openPage, openExtensionPage, tabIdOf }) => {
  await costOf('3 remixlets without keeps on big.test/live.html', BIG_ONCE, { openPage, openExtensionPage, tabIdOf }, BIG_LIVE);
});
