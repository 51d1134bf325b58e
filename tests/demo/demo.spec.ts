// `npm start`: the bundled demo. A remixlet that hides the shop's promotions and highlights the cart is
// applied through the real activation path (as the panel would), then the page is shown before and after.
// Headless (no display) it saves screenshots; with a display it leaves the browser open for you.
import { join } from 'node:path';
import { test, expect } from '../e2e/harness';
import { install, manifest, openPanel, readLog } from '../e2e/remixlet';

const DEMO_SCRIPT = `
rmx.keep('promos hidden', {
  check: async () => (await dom.query('.promo:not([style*="display: none"])')) === null,
  repair: async () => {
    for (const promo of await dom.queryAll('.promo')) await promo.hide();
  },
});
const cart = await dom.query('#cart');
rmx.log('demo remixlet running; cart says', await cart.text());
`;


test('demo: hide promotions on shop.test', async ({ openPage, openExtensionPage, tabIdOf }) => {
  if (process.env.REMIXLET_HEADED) test.setTimeout(0);
  const page = await openPage('shop.test', '/index.html');
  await page.screenshot({ path: join(process.cwd(), 'test-results', 'demo', 'before.png'), fullPage: true });
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  const { remixletId } = await install(panel, tabId, {
    'manifest.json': manifest({ name: 'Calmer shop', matches: ['*://shop.test/*'] }),
    'script.js': DEMO_SCRIPT,
    'style.css': '#cart { outline: 3px solid rgb(10, 102, 216); border-radius: 6px; padding: 2px 6px; }',
  });
  await page.bringToFront();
  await page.reload();
  await expect(page.locator('.promo').first()).toBeHidden();
  await page.screenshot({ path: join(process.cwd(), 'test-results', 'demo', 'after.png'), fullPage: true });
  await expect.poll(async () => (await readLog(panel, remixletId)).length).toBeGreaterThan(0);
  console.log(`Demo remixlet ${remixletId} applied. Screenshots: test-results/demo/before.png and after.png`);
  if (process.env.REMIXLET_HEADED) await page.waitForEvent('close', { timeout: 0 });
});
