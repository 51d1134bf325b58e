// The first paint has style.css in it, whatever the timing: on a page where a remixlet's style.css may apply,
// the style gate (page-agent/style-gate.ts) holds the page's first paint until the worker says every sheet it
// inserts there is in. The test holds the worker's insertions (a test-build hook, worker/pages/style-hold.ts):
// the page loads and runs frame after frame without painting, then paints with the sheet the moment the
// insertion goes through. Without the gate the page paints while the sheet is held (checked by hand with the
// gate's registration taken out). And the gate never keeps a page the worker has nothing for: a page of the
// same host where no style.css applies paints as soon as it loads.
import type { Page } from '@playwright/test';
import { test, expect } from '../harness';
import { install, manifest, openPanel } from '../remixlet';

const STYLED = 'rgb(1, 2, 3)';
const STYLE = `#probe { outline-color: ${STYLED} !important; }`;

interface Paint {
  firstPaint: number | null;
  frames: Array<{ t: number; probe: string | null }>;
}

const paintOf = (page: Page) => page.evaluate(() => (window as unknown as { __paint: Paint }).__paint);

/** Thirty animation frames from now: a page that is not held has painted long before. */
const frames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let n = 0;
        const next = () => (++n >= 30 ? resolve() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
  );

test('the first paint waits until style.css is in', async ({ openPage, openExtensionPage, tabIdOf, serviceWorker }) => {
  const page = await openPage('lab.test', '/first-paint.html');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  await install(panel, tabId, { 'manifest.json': manifest({ name: 'Styled probe', matches: ['*://lab.test/*'] }), 'style.css': STYLE });

  await serviceWorker.evaluate(() => (globalThis as unknown as { remixletHoldStyles(): void }).remixletHoldStyles());
  // In front, as the tab a person loads: a page behind another tab does not paint at all.
  await page.bringToFront();
  await page.reload();
  await frames(page);
  const held = await paintOf(page);
  expect(held.firstPaint).toBeNull();
  expect(held.frames.length).toBeGreaterThanOrEqual(30);
  expect(held.frames.every((f) => f.probe !== STYLED)).toBe(true);

  await serviceWorker.evaluate(() => (globalThis as unknown as { remixletReleaseStyles(): void }).remixletReleaseStyles());
  await expect.poll(async () => (await paintOf(page)).firstPaint).not.toBeNull();
  const { firstPaint, frames: seen } = await paintOf(page);
  const painted = seen.filter((f) => f.t <= firstPaint!).at(-1);
  expect(painted?.probe).toBe(STYLED);
});

test('a page where no style.css applies paints as it loads, though its host has a gate', async ({ openPage, openExtensionPage, tabIdOf, serviceWorker }) => {
  const page = await openPage('lab.test', '/first-paint.html');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  await install(panel, tabId, { 'manifest.json': manifest({ name: 'Styled elsewhere', matches: ['*://lab.test/about.html'] }), 'style.css': STYLE });

  // Held, so a sheet the worker did insert here would keep the page unpainted: none may be.
  await serviceWorker.evaluate(() => (globalThis as unknown as { remixletHoldStyles(): void }).remixletHoldStyles());
  // In front, as the tab a person loads: a page behind another tab does not paint at all.
  await page.bringToFront();
  await page.reload();
  await frames(page);
  const { firstPaint, frames: seen } = await paintOf(page);
  await serviceWorker.evaluate(() => (globalThis as unknown as { remixletReleaseStyles(): void }).remixletReleaseStyles());
  expect(firstPaint).not.toBeNull();
  expect(seen.every((f) => f.probe !== STYLED)).toBe(true);
});
