// Issue 26 #5 and issue 29 #7: what three keep-based remixlets cost the largest real pages (the snapshots,
// served frozen), written as the model writes them from its first look: the banner hidden by style.css and
// kept hidden, the main content marked, its heading rewritten. For each page, in alternating rounds of the
// same run, three modes: the remixlets switched off (no page agent at all then), style.css alone (a fourth
// remixlet with the same sheet and no script: the page agent, the password pin and the sheet, no sandbox), and
// the three keep-based remixlets, so what the keeps add can be told from what any remixlet on the page costs:
//   - the load: the renderer main thread's busy time from the navigation until a second after the effects
//     are in (CDP Performance.getMetrics TaskDuration; with the remixlets off, a second after load), and the
//     page's own load-event and first-contentful-paint times;
//   - the page living: the bench makes the snapshot change itself as a news page does (a comment appended to
//     the main content twice a second, the banner redrawn every two seconds, the heading every four), the
//     same in both modes, and measures the main thread's busy time per second over a window;
//   - and, over navigations of their own, whether the first paint already had style.css (the last
//     animation frame before the first-paint entry sees its rule, or the first after it that the style gate
//     no longer keeps transparent: kit.ts firstSeenFrame).
// Prints figures; asserts nothing.
import type { CDPSession, Page } from '@playwright/test';
import { test } from '../tests/e2e/harness';
import { REAL_PAGES_HOST, realPageNames, realPagePath } from '../tests/e2e/harness/real-pages';
import { openPanel, uiCall } from '../tests/e2e/remixlet';
import { firstSeenFrame, installBench, ms, sleep } from './kit';
import { MODES, PROBE_RULE, applied, effects, keepsOnRealPage, switchTo, type Mode, type Targets } from './real-page-remixlets';

const LARGEST = (process.env.BENCH_PAGES ?? 'yahoo-3,yahoo-1,wikipedia-2,nytimes-5,breitbart').split(',');
const ROUNDS = 4;
const WINDOW_MS = 4_000;
const PAINTS = 10;
/** The renderer main thread's busy time (wall clock: a thread made to wait for a core counts) and its CPU time, in seconds. */
async function mainThread(cdp: CDPSession): Promise<{ busy: number; cpu: number }> {
  const metrics = (await cdp.send('Performance.getMetrics')).metrics;
  const of = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
  return { busy: of('TaskDuration'), cpu: of('ThreadTime') };
}

/** Makes the frozen snapshot live as a news page does; the same in both modes. */
function live(page: Page, t: Targets): Promise<void> {
  return page.evaluate((t) => {
    const w = window as unknown as { benchLive?: { mutations: number; reset(): void } };
    const stats = { mutations: 0, reset: () => void (stats.mutations = 0) };
    w.benchLive = stats;
    new MutationObserver((records) => void (stats.mutations += records.length)).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
    const main = document.querySelector(t.main)!;
    const bannerMarkup = (document.querySelector(t.banner) as HTMLElement).cloneNode(true) as HTMLElement;
    bannerMarkup.style.removeProperty('display');
    const headingMarkup = document.querySelector(t.heading)!.cloneNode(true) as HTMLElement;
    const comments: Element[] = [];
    let n = 0;
    setInterval(() => {
      const p = document.createElement('p');
      p.className = 'bench-comment';
      p.textContent = `Comment ${++n}: a reader has something to say about this.`;
      main.append(p);
      comments.push(p);
      if (comments.length > 20) comments.shift()!.remove();
    }, 500);
    setInterval(() => document.querySelector(t.banner)?.replaceWith(bannerMarkup.cloneNode(true)), 2_000);
    setInterval(() => document.querySelector(t.heading)?.replaceWith(headingMarkup.cloneNode(true)), 4_000);
  }, t);
}

interface Round {
  mode: Mode;
  loadBusyMs: number;
  loadCpuMs: number;
  loadEventMs: number;
  fcpMs: number;
  liveBusyMsPerSecond: number;
  liveCpuMsPerSecond: number;
  mutationsPerSecond: number;
}

async function round(page: Page, url: string, t: Targets, mode: Mode): Promise<Round> {
  // Same site before the measured navigation, so the renderer (and its counters) stay the same.
  await page.goto(`http://${REAL_PAGES_HOST}/`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const start = await mainThread(cdp);
  await page.goto(url, { waitUntil: 'load' });
  for (let i = 0; i < 600 && !(await applied(page, t, mode)); i++) await sleep(50);
  if (!(await applied(page, t, mode))) throw new Error(`${mode}: the page shows ${JSON.stringify(await effects(page, t))} on ${url}`);
  await sleep(1_000);
  const loaded = await mainThread(cdp);
  const timing = await page.evaluate(() => ({
    load: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
  }));
  await live(page, t);
  await sleep(1_000);
  await page.evaluate(() => (window as unknown as { benchLive: { reset(): void } }).benchLive.reset());
  const before = await mainThread(cdp);
  const t0 = Date.now();
  await sleep(WINDOW_MS);
  const after = await mainThread(cdp);
  const seconds = (Date.now() - t0) / 1000;
  const mutations = await page.evaluate(() => (window as unknown as { benchLive: { mutations: number } }).benchLive.mutations);
  await cdp.detach();
  return {
    mode,
    loadBusyMs: (loaded.busy - start.busy) * 1000,
    loadCpuMs: (loaded.cpu - start.cpu) * 1000,
    loadEventMs: timing.load,
    fcpMs: timing.fcp,
    liveBusyMsPerSecond: ((after.busy - before.busy) * 1000) / seconds,
    liveCpuMsPerSecond: ((after.cpu - before.cpu) * 1000) / seconds,
    mutationsPerSecond: mutations / seconds,
  };
}

/** Whether the frame that painted first had style.css, over navigations of a page that records its frames. */
async function firstPaints(page: Page, url: string, navigations = PAINTS): Promise<{ withStyle: number; unknown: number }> {
  let withStyle = 0;
  let unknown = 0;
  for (let i = 0; i < navigations; i++) {
    await page.goto(url, { waitUntil: 'load' });
    // A page that never paints (or whose paint entry never comes) counts as unknown, not as a miss.
    const painted = await page
      .waitForFunction(
        () => {
          const rec = (window as unknown as { benchPaint?: Recorded }).benchPaint;
          if (!rec || rec.firstPaint === null) return undefined;
          // Done once the page shows itself after its first paint, or has recorded every frame it will.
          const after = rec.frames.filter((f) => f.t > rec.firstPaint!);
          if (rec.frames.length < 60 && !after.some((f) => !f.gated)) return undefined;
          return rec;
        },
        undefined,
        { timeout: 5_000 },
      )
      .then(async (handle) => {
        const rec = (await handle.jsonValue()) as Recorded;
        return { frame: firstSeenFrame(rec.frames, rec.firstPaint!) ?? null };
      })
      .catch(() => ({ frame: null }));
    const { frame } = painted!;
    if (!frame) unknown++;
    else if (frame.style) withStyle++;
  }
  return { withStyle, unknown };
}

interface Recorded {
  frames: Array<{ t: number; style: boolean; gated: boolean }>;
  firstPaint: number | null;
}

/**
 * Records, at each of the first animation frames, whether style.css's probe rule applies and whether the style
 * gate keeps the page transparent (its sheet: page-agent/style-gate-hold.ts), and the first-paint time.
 */
function recordPaints(): void {
  const rec: Recorded = { frames: [], firstPaint: null };
  (window as unknown as { benchPaint: Recorded }).benchPaint = rec;
  const gated = () => [...document.adoptedStyleSheets].some((s) => [...s.cssRules].some((r) => /^:root \{ opacity: 0 !important; \}$/.test(r.cssText)));
  const frame = () => {
    rec.frames.push({ t: performance.now(), style: getComputedStyle(document.documentElement).outlineColor === 'rgb(1, 2, 3)', gated: gated() });
    if (rec.frames.length < 60) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-paint') rec.firstPaint = e.startTime;
  }).observe({ type: 'paint', buffered: true });
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const change = (from: number, to: number) => `${to >= from ? '+' : ''}${(((to - from) / from) * 100).toFixed(1)} %`;

for (const name of LARGEST) {
  test(`three keep-based remixlets on the real page ${name}`, async ({ openPage, openExtensionPage, tabIdOf }) => {
    test.setTimeout(600_000);
    const { page, url, look, targets, keeps, styleOnly, enabledIn } = await keepsOnRealPage({ openPage, openExtensionPage, tabIdOf }, name);
    const { banner, main, heading } = targets;

    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS * MODES.length; i++) {
      const mode = MODES[i % MODES.length]!;
      await switchTo(page, look.panel, enabledIn, mode);
      rounds.push(await round(page, url, targets, mode));
    }
    const of = (mode: Mode, key: keyof Round) => mean(rounds.filter((r) => r.mode === mode).map((r) => r[key] as number));
    const row = (label: string, key: keyof Round, unit: (x: number) => string) =>
      console.log(
        `  ${label}: off ${unit(of('off', key))}  style.css alone ${unit(of('style', key))} (${change(of('off', key), of('style', key))})  3 keeps ${unit(of('keeps', key))} (${change(of('off', key), of('keeps', key))})`,
      );
    const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
    console.log(`${name} (${elements} elements; banner \`${banner}\`, main \`${main}\`, heading \`${heading}\`; ${ROUNDS} rounds of ${MODES.join(', ')} in turn; changes against off)`);
    row('load: main thread busy, navigation to 1 s after the effect', 'loadBusyMs', ms);
    row('load: main thread CPU, the same span', 'loadCpuMs', ms);
    row('load: load event', 'loadEventMs', ms);
    row('load: first contentful paint', 'fcpMs', ms);
    row(`living (${WINDOW_MS / 1000} s windows): main thread busy per second`, 'liveBusyMsPerSecond', ms);
    row(`living: main thread CPU per second`, 'liveCpuMsPerSecond', ms);
    row('living: mutation records per second', 'mutationsPerSecond', (x) => x.toFixed(1));
    console.log(`  rounds in order (load busy ms, living busy ms/s): ${rounds.map((r) => `${r.mode} ${r.loadBusyMs.toFixed(0)}/${r.liveBusyMsPerSecond.toFixed(1)}`).join(', ')}`);

    for (const id of keeps) await uiCall(look.panel, 'setEnabled', { remixletId: id, enabled: true });
    await uiCall(look.panel, 'setEnabled', { remixletId: styleOnly, enabled: false });
    const painter = await openPage(REAL_PAGES_HOST, '/');
    await painter.addInitScript(recordPaints);
    await painter.bringToFront();
    const paints = await firstPaints(painter, url);
    console.log(`  first paint has style.css: ${paints.withStyle}/${PAINTS}${paints.unknown ? ` (${paints.unknown} without a frame before first paint)` : ''}`);
  });
}

// Issue 29 #7's second half on the whole corpus: one remixlet whose style.css matches every snapshot, and
// each snapshot loaded a few times in a row, counting the first paints that already had the sheet.
const CORPUS_PAINTS = 3;

test('style.css in the first paint of every real page', async ({ openPage, openExtensionPage, tabIdOf }) => {
  test.setTimeout(900_000);
  const page = await openPage(REAL_PAGES_HOST, '/');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  await installBench(panel, tabId, { name: 'bench first paint', matches: [`*://${REAL_PAGES_HOST}/*`], style: `${PROBE_RULE}\n` });
  await page.addInitScript(recordPaints);
  await page.bringToFront();
  const missed: string[] = [];
  let withStyle = 0;
  let unknown = 0;
  const names = realPageNames();
  for (const name of names) {
    const seen = await firstPaints(page, new URL(realPagePath(name), page.url()).href, CORPUS_PAINTS);
    console.log(`  ${name}: ${seen.withStyle}/${CORPUS_PAINTS}${seen.unknown ? `, ${seen.unknown} unknown` : ''}`);
    withStyle += seen.withStyle;
    unknown += seen.unknown;
    if (seen.withStyle + seen.unknown < CORPUS_PAINTS) missed.push(`${name} (${CORPUS_PAINTS - seen.withStyle - seen.unknown})`);
  }
  const total = names.length * CORPUS_PAINTS;
  console.log(`style.css in the first paint: ${withStyle}/${total} navigations over ${names.length} real pages${unknown ? ` (${unknown} without a frame before first paint)` : ''}; missed on ${missed.length ? missed.join(', ') : 'none'}`);
});
