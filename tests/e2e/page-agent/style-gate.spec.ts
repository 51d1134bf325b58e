// style.css is in what a page first shows, whatever the timing: on a page where a remixlet's style.css may
// apply, the style gate (page-agent/style-gate.ts) keeps the page transparent until the worker says every sheet
// it inserts there is in. The test holds the worker's insertions (a test-build hook, worker/pages/style-hold.ts):
// the page loads and runs frame after frame, gated, showing nothing (no first contentful paint), then shows
// itself with the sheet once the insertion goes through. Without the gate the page shows itself while the sheet
// is held (checked by hand with the gate's registration taken out), and without the worker's word it stays
// gated. And the gate never keeps a page the worker has nothing for: a page of the same host where no style.css
// applies (the gate is registered for the whole host) is shown as it loads, while insertions are still held.
import type { Page } from '@playwright/test';
import { test, expect } from '../harness';
import { install, manifest, openPanel } from '../remixlet';

const STYLED = 'rgb(1, 2, 3)';
const STYLE = `#probe { outline-color: ${STYLED} !important; }`;

interface Frame {
  t: number;
  probe: string | null;
  gated: boolean;
}
interface Paint {
  firstPaint: number | null;
  firstContentfulPaint: number | null;
  frames: Frame[];
}

const paintOf = (page: Page) => page.evaluate(() => (window as unknown as { __paint: Paint }).__paint);

/** The frame that showed the page first: the last one that ran before its first contentful paint. */
const shownFrame = (p: Paint) => p.frames.filter((f) => f.t <= p.firstContentfulPaint!).at(-1);

/** Thirty animation frames from now: a page that is not held has shown itself long before. */
const frames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let n = 0;
        const next = () => (++n >= 30 ? resolve() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
  );

const holdStyles = (sw: { evaluate(fn: () => void): Promise<unknown> }) => sw.evaluate(() => (globalThis as unknown as { remixletHoldStyles(): void }).remixletHoldStyles());
const releaseStyles = (sw: { evaluate(fn: () => void): Promise<unknown> }) => sw.evaluate(() => (globalThis as unknown as { remixletReleaseStyles(): void }).remixletReleaseStyles());

test('a page shows nothing until its style.css is in, then shows itself with it', async ({ openPage, openExtensionPage, tabIdOf, serviceWorker }) => {
  const page = await openPage('lab.test', '/first-paint.html');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  await install(panel, tabId, { 'manifest.json': manifest({ name: 'Styled probe', matches: ['*://lab.test/*'] }), 'style.css': STYLE });

  await holdStyles(serviceWorker);
  // In front, as the tab a person loads: a page behind another tab does not paint at all.
  await page.bringToFront();
  await page.reload();
  await frames(page);
  const held = await paintOf(page);
  expect(held.firstContentfulPaint).toBeNull();
  expect(held.frames.length).toBeGreaterThanOrEqual(30);
  expect(held.frames.every((f) => f.gated && f.probe !== STYLED)).toBe(true);

  await releaseStyles(serviceWorker);
  await expect.poll(async () => (await paintOf(page)).firstContentfulPaint).not.toBeNull();
  const shown = shownFrame(await paintOf(page));
  expect(shown).toEqual(expect.objectContaining({ probe: STYLED, gated: false }));
});

test('a page where no style.css applies is shown as it loads, though its host has a gate', async ({ openPage, openExtensionPage, tabIdOf, serviceWorker }) => {
  const page = await openPage('lab.test', '/first-paint.html');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  await install(panel, tabId, { 'manifest.json': manifest({ name: 'Styled elsewhere', matches: ['*://lab.test/about.html'] }), 'style.css': STYLE });

  // The gate goes up on every page of the host (the remixlet's style applies to one path).
  const registered = await serviceWorker.evaluate(() => chrome.scripting.getRegisteredContentScripts());
  expect(registered).toContainEqual(expect.objectContaining({ js: ['page-agent-gate.js'], matches: ['*://lab.test/*'], runAt: 'document_start' }));

  // Held, so that the page is shown only because the worker said at once that it inserts nothing here.
  await holdStyles(serviceWorker);
  await page.bringToFront();
  await page.reload();
  await frames(page);
  const p = await paintOf(page);
  await releaseStyles(serviceWorker);
  expect(p.firstContentfulPaint).not.toBeNull();
  expect(shownFrame(p)?.gated).toBe(false);
});
