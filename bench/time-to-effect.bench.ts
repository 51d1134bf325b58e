// Issue 10 #3: time to effect. For each runAt, two remixlets (style.css + a script that marks #target in two
// steps, and one that marks it with a chained call; see CHAINED below) and one plain content script from a second, static extension making the same change (bench/fixtures/
// plain-extension: its manifest CSS and a class on #target). Over 20 warm navigations per runAt:
//   - the share of first paints that already show the remixlet's style.css, judged in the page by its own
//     head script at the last animation frame before the first-paint entry (a frame that had it painted it), or
//     where the style gate kept that frame transparent, at the first frame after it without the gate (kit.ts
//     firstSeenFrame);
//   - the delay from DOMContentLoaded to the first dom change, remixlet vs plain content script, in the
//     page's own clock.
// Twice: navigations back to back (the next one as soon as both changes are in), and one second apart,
// nearer how a person moves between pages; the extension prepares each page's sandboxes while the page
// loads, and back to back it has less time to.
// Prints figures; asserts nothing.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { defaultDistDir, test } from '../tests/e2e/harness';
import { openPanel } from '../tests/e2e/remixlet';
import { firstSeenFrame, installBench, ms, pct, ratio, serveBenchPage, sleep } from './kit';

const plainExtension = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'plain-extension');
test.use({ extraChromiumArgs: [`--disable-extensions-except=${defaultDistDir},${plainExtension}`, `--load-extension=${defaultDistDir},${plainExtension}`] });

const NAVIGATIONS = 20;
/** Pause before each navigation, in ms. */
const PACES = [0, 1_000];
const WARM = 3;
const RUN_ATS = ['document_start', 'document_end', 'document_idle'] as const;
const dirOf = (runAt: string) => runAt.replace('document_', '');

const STYLE = '#target { outline-color: rgb(1, 2, 3); }\n';
// Two scripts making the change, both on every page: the two-step form (the handle comes back to the
// sandbox, then the change goes to the page: a round trip after #target is there), and the chained form
// (one batch waiting in the page agent, which makes the change as soon as #target is there).
const SCRIPT = `const target = await dom.waitFor('#target', { timeout: 10000 });\nawait target.addClass('seen');\n`;
const CHAINED = `await dom.waitFor('#target', { timeout: 10000 }).addClass('seen');\n`;

interface Frame {
  t: number;
  exists: boolean;
  remixletCss: boolean;
  contentScriptCss: boolean;
  gated: boolean;
}
interface Effect {
  frames: Frame[];
  firstPaint: number | null;
  firstContentfulPaint: number | null;
  dcl: number | null;
  classes: Record<string, number>;
}

/** One navigation: waits for every change (the plain script's and each remixlet's), then reads what the page recorded. */
async function navigate(page: Page, url: string, remixletClasses: string[]): Promise<Effect> {
  await page.goto(url, { waitUntil: 'load' });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const e = (await page.evaluate(() => (window as unknown as { benchEffect: unknown }).benchEffect)) as Effect;
    const names = Object.keys(e.classes);
    if (e.firstPaint !== null && names.includes('cs-seen') && remixletClasses.every((c) => names.includes(c))) return e;
    if (Date.now() > deadline) throw new Error(`no change within 10 s on ${url}: ${JSON.stringify({ classes: e.classes, firstPaint: e.firstPaint })}`);
    await sleep(20);
  }
}

/** The frame a person saw first (kit.ts firstSeenFrame). */
const paintedFrame = (e: Effect): Frame | undefined => firstSeenFrame(e.frames, e.firstPaint!);

test('time to effect: style.css at first paint, DOMContentLoaded to first change', async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  for (const runAt of RUN_ATS) serveBenchPage(sites, 'bench.test', `/${dirOf(runAt)}/effect.html`, 'effect.html');

  const page = await openPage('bench.test', '/index.html');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  const classes = new Map<string, { awaited: string; chained: string }>();
  for (const runAt of RUN_ATS) {
    const matches = [`*://bench.test/${dirOf(runAt)}/*`];
    const awaited = await installBench(panel, tabId, { name: `bench effect ${runAt}`, matches, runAt, script: SCRIPT, style: STYLE });
    const chained = await installBench(panel, tabId, { name: `bench effect chained ${runAt}`, matches, runAt, script: CHAINED });
    classes.set(runAt, { awaited: `rmx-${awaited}-seen`, chained: `rmx-${chained}-seen` });
  }
  await panel.close();
  await page.bringToFront();

  for (const pace of PACES) {
    console.log(`time to effect (${NAVIGATIONS} warm navigations per runAt, after ${WARM} more), ${pace ? `${pace} ms apart` : 'back to back'}`);
    for (const runAt of RUN_ATS) {
      const url = sites.url('bench.test', `/${dirOf(runAt)}/effect.html`);
      const { awaited, chained } = classes.get(runAt)!;
      for (let i = 0; i < WARM; i++) await navigate(page, url, [awaited, chained]);
      const runs: Effect[] = [];
      for (let i = 0; i < NAVIGATIONS; i++) {
        await sleep(pace);
        runs.push(await navigate(page, url, [awaited, chained]));
      }

      const painted = runs.map(paintedFrame);
      const withRemixletCss = painted.filter((f) => f?.remixletCss).length;
      const withPlainCss = painted.filter((f) => f?.contentScriptCss).length;
      const unknown = painted.filter((f) => !f).length;
      const remixletDelay = runs.map((e) => e.classes[awaited]! - e.dcl!);
      const chainedDelay = runs.map((e) => e.classes[chained]! - e.dcl!);
      const plainDelay = runs.map((e) => e.classes['cs-seen']! - e.dcl!);
      // How late the stylesheet came when it missed: frames after the painted one until it applied.
      const framesLate = runs.map((e) => {
        const first = paintedFrame(e);
        const idx = first ? e.frames.indexOf(first) : 0;
        const applied = e.frames.findIndex((f) => f.remixletCss);
        return applied < 0 ? Infinity : Math.max(0, applied - idx);
      });
      console.log(`  runAt ${runAt}:`);
      console.log(`    first paint shows style.css: remixlet ${withRemixletCss}/${NAVIGATIONS}, plain extension's manifest CSS ${withPlainCss}/${NAVIGATIONS}${unknown ? ` (${unknown} without a frame before first paint)` : ''}; remixlet CSS frames late p50 ${pct(framesLate, 50)} p95 ${pct(framesLate, 95)}`);
      console.log(`    DOMContentLoaded → first change: plain content script p50 ${ms(pct(plainDelay, 50))} p95 ${ms(pct(plainDelay, 95))}`);
      console.log(`      remixlet, waitFor then addClass: p50 ${ms(pct(remixletDelay, 50))} p95 ${ms(pct(remixletDelay, 95))}; ratio p50 ${ratio(pct(remixletDelay, 50), pct(plainDelay, 50))}`);
      console.log(`      remixlet, waitFor(…).addClass chained: p50 ${ms(pct(chainedDelay, 50))} p95 ${ms(pct(chainedDelay, 95))}; ratio p50 ${ratio(pct(chainedDelay, 50), pct(plainDelay, 50))}`);
      console.log(`    first paint at p50 ${ms(pct(runs.map((e) => e.firstPaint!), 50))}, DOMContentLoaded at p50 ${ms(pct(runs.map((e) => e.dcl!), 50))} (page clock)`);
      // From the navigation too: a page that reaches DOMContentLoaded sooner makes the same change look later above.
      const fromNavigation = (cls: string) => ms(pct(runs.map((e) => e.classes[cls]!), 50));
      console.log(`    first change at p50 (page clock): plain content script ${fromNavigation('cs-seen')}, two-step ${fromNavigation(awaited)}, chained ${fromNavigation(chained)}`);
    }
  }
});
