// The third switch, driven from the popup: a remixlet switched off in this tab only. The worker stops it
// there (its change goes with a reload, its sandbox ends) while it keeps running in another tab on the same
// site; it stays off across reloads of that tab, and comes back once the tab has left the site.
import { test, expect } from '../harness';
import { liveSandboxes, retitle, setUp } from './ui-helpers';

test('"Off in this tab" stops a remixlet in that tab only, survives its reloads, and ends when the tab leaves the site', async ({
  openPage,
  openExtensionPage,
  tabIdOf,
  evaluateInOffscreen,
}) => {
  const { page, tabId, install } = await setUp(openPage, openExtensionPage, tabIdOf);
  await install(retitle('Retitle', 'Remixed Shop'));
  await page.reload();
  const other = await openPage('shop.test', '/index.html');
  await expect(page.locator('#shop-title')).toHaveText('Remixed Shop');
  await expect(other.locator('#shop-title')).toHaveText('Remixed Shop');
  const live = liveSandboxes(evaluateInOffscreen);
  await expect.poll(live).toHaveLength(2);

  const popup = await openExtensionPage(`panel/popup.html?tab=${tabId}`);
  const offHere = popup.getByRole('button', { name: 'Off in this tab: Retitle' });
  await expect(offHere).toHaveAttribute('aria-pressed', 'false');
  await offHere.click();
  await expect(offHere).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#shop-title')).toHaveText('Fixture Shop');
  await expect.poll(live).toHaveLength(1);
  // Only this tab: the other tab on the same site still runs it, and the switch for everywhere stays on.
  await expect(other.locator('#shop-title')).toHaveText('Remixed Shop');
  await expect(popup.getByRole('switch', { name: 'Retitle' })).toHaveAttribute('aria-checked', 'true');

  // A reload of this tab does not bring it back.
  await page.reload();
  await expect(page.locator('#shop-title')).toHaveText('Fixture Shop');
  await expect.poll(live).toHaveLength(1);

  // Leaving the site ends it: back on the shop, it runs again.
  await page.goto('http://news.test/index.html');
  await page.goto('http://shop.test/index.html');
  await expect(page.locator('#shop-title')).toHaveText('Remixed Shop');
  await expect.poll(live).toHaveLength(2);
});
