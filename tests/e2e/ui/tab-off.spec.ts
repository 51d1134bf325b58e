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

test('"Off in this tab" ends when the tab closes: the worker forgets the switch, and a new tab on the site runs the remixlet', async ({
  openPage,
  openExtensionPage,
  tabIdOf,
  serviceWorker,
}) => {
  const { page, tabId, install } = await setUp(openPage, openExtensionPage, tabIdOf);
  const { remixletId } = await install(retitle('Retitle', 'Remixed Shop'));
  await page.reload();
  await expect(page.locator('#shop-title')).toHaveText('Remixed Shop');
  /** The switches the worker keeps per tab (chrome.storage.session, worker/pages/tab-off.ts), by tab id. */
  const stored = () => serviceWorker.evaluate(async () => ((await chrome.storage.session.get('tabOff')).tabOff ?? {}) as Record<string, { site: string; ids: string[] }>);

  const popup = await openExtensionPage(`panel/popup.html?tab=${tabId}`);
  await popup.getByRole('button', { name: 'Off in this tab: Retitle' }).click();
  await expect(page.locator('#shop-title')).toHaveText('Fixture Shop');
  // The switch is kept for this tab (what the closing must take away).
  expect((await stored())[String(tabId)]).toEqual({ site: 'shop.test', ids: [remixletId] });
  await popup.close();

  await page.close();
  await expect.poll(async () => Object.keys(await stored())).toEqual([]);

  const fresh = await openPage('shop.test', '/index.html');
  await expect(fresh.locator('#shop-title')).toHaveText('Remixed Shop');
  const freshPopup = await openExtensionPage(`panel/popup.html?tab=${await tabIdOf(fresh)}`);
  await expect(freshPopup.getByRole('button', { name: 'Off in this tab: Retitle' })).toHaveAttribute('aria-pressed', 'false');
});
