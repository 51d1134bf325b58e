// Issue 10 #4: rmx.keep repair latency. The page redraws what the remixlet hid (bench.test/keep.html); the
// page's own MutationObserver counts the animation frames between each redraw and the repair (0: repaired
// before the next frame; 1: the redrawn promo was on screen for at most one frame). Prints figures;
// asserts nothing.
import { test } from '../tests/e2e/harness';
import { openPanel } from '../tests/e2e/remixlet';
import { installBench, ms, pct, sleep } from './kit';

const REDRAWS = 60;

// A typical keep: the check finds the promo that is still showing, the repair hides that one.
const SCRIPT = `
let promo = null;
rmx.keep('no-promo', {
  check: async () => { promo = await dom.query('#feed .promo:not([style*="none"])'); return promo === null; },
  repair: async () => { await promo?.hide(); },
});
`;

interface Result {
  frames: number;
  ms: number;
}

test('rmx.keep: frames from a redraw to the repair', async ({ openPage, openExtensionPage, tabIdOf }) => {
  const page = await openPage('bench.test', '/keep.html');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  await installBench(panel, tabId, { name: 'bench keep', matches: ['*://bench.test/*'], script: SCRIPT });
  await panel.close();
  await page.reload();
  await page.bringToFront();
  // The first repair (the promo of the first draw) says the keep is running.
  await page.waitForFunction(() => (document.querySelector('#feed .promo') as HTMLElement | null)?.style.display === 'none', undefined, { timeout: 15_000 });
  await page.evaluate((n) => (window as unknown as { benchKeepStart(n: number): void }).benchKeepStart(n), REDRAWS);
  const deadline = Date.now() + 60_000;
  let results: Result[] = [];
  while (Date.now() < deadline) {
    results = await page.evaluate(() => (window as unknown as { benchKeep: { results: Result[] } }).benchKeep.results);
    if (results.length >= REDRAWS) break;
    await sleep(250);
  }
  const frames = results.map((r) => r.frames);
  const times = results.map((r) => r.ms);
  const hist = [0, 1, 2, 3].map((f) => `${f === 3 ? '3+' : f}: ${frames.filter((x) => (f === 3 ? x >= 3 : x === f)).length}`).join(', ');
  console.log(`rmx.keep repair after a redraw (${results.length} of ${REDRAWS} redraws repaired)`);
  console.log(`  animation frames between redraw and repair: p50 ${pct(frames, 50)}  p95 ${pct(frames, 95)}  (${hist})`);
  console.log(`  time from redraw to repair: p50 ${ms(pct(times, 50))}  p95 ${ms(pct(times, 95))}  (one frame is 16.7 ms at 60 Hz)`);
});
