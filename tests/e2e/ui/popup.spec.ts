// The toolbar popup, driven by clicks, opened bound to a fixture tab: it lists the remixlets that run on that
// page, each switch takes effect on the open page (its change goes, the page reloads, its sandbox ends),
// "Pause this site" stops every remixlet there and reloads the site's tabs, and it links to the manager and
// opens the side panel chat. A switch whose change is under way says so and ignores a second press.
import { test, expect } from '../harness';
import { cartOutline, liveSandboxes, markPage, OUTLINE_CART, retitle, setUp, wasReloaded } from './ui-helpers';

test('switching a remixlet off in the popup clears its change from the page by reloading it and ends its sandbox; on brings it back', async ({
  openPage,
  openExtensionPage,
  tabIdOf,
  evaluateInOffscreen,
}) => {
  const { page, tabId, install } = await setUp(openPage, openExtensionPage, tabIdOf);
  await install(retitle('Retitle', 'Remixed Shop'));
  await install(OUTLINE_CART);
  await install(retitle('News only', 'x', { matches: ['*://news.test/*'] }));
  await page.reload();
  await expect(page.locator('#shop-title')).toHaveText('Remixed Shop');
  const live = liveSandboxes(evaluateInOffscreen);
  await expect.poll(live).toHaveLength(1);

  const popup = await openExtensionPage(`panel/popup.html?tab=${tabId}`);
  const list = popup.getByRole('list', { name: 'Remixlets on this page' });
  await expect(list.getByRole('switch')).toHaveCount(2);
  await expect(list).toContainText('Retitle');
  await expect(list).toContainText('Cart outline');
  await expect(list).not.toContainText('News only');

  const retitleSwitch = popup.getByRole('switch', { name: 'Retitle' });
  await expect(retitleSwitch).toHaveAttribute('aria-checked', 'true');
  await markPage(page);
  await retitleSwitch.click();
  await expect(retitleSwitch).toHaveAttribute('aria-checked', 'false');
  await expect.poll(() => wasReloaded(page)).toBe(true);
  await expect(page.locator('#shop-title')).toHaveText('Fixture Shop');
  await expect.poll(live).toHaveLength(0);
  // The other remixlet on the page was not touched.
  await expect.poll(() => cartOutline(page)).toBe('rgb(255, 0, 0)');
  await expect(popup.getByRole('status')).toContainText('Switched off "Retitle"');

  await markPage(page);
  await retitleSwitch.click();
  await expect(retitleSwitch).toHaveAttribute('aria-checked', 'true');
  await expect.poll(() => wasReloaded(page)).toBe(true);
  await expect(page.locator('#shop-title')).toHaveText('Remixed Shop');
  await expect.poll(live).toHaveLength(1);
});

test('"Pause this site" stops every remixlet on it and reloads its tabs, Resume brings them back; the popup opens the manager and the chat', async ({
  openPage,
  openExtensionPage,
  tabIdOf,
  evaluateInOffscreen,
  context,
  cdp,
  extensionId,
}) => {
  const { page, tabId, install } = await setUp(openPage, openExtensionPage, tabIdOf);
  await install(retitle('Retitle', 'Remixed Shop'));
  await install(OUTLINE_CART);
  await install(retitle('Retitle news', 'never shown', { matches: ['*://news.test/*'] }));
  await page.reload();
  const secondShopTab = await openPage('shop.test', '/index.html');
  const news = await openPage('news.test', '/index.html');
  await expect(page.locator('#shop-title')).toHaveText('Remixed Shop');
  await expect(secondShopTab.locator('#shop-title')).toHaveText('Remixed Shop');
  const live = liveSandboxes(evaluateInOffscreen);
  await expect.poll(live).toHaveLength(3);

  const popup = await openExtensionPage(`panel/popup.html?tab=${tabId}`);
  for (const p of [page, secondShopTab, news]) await markPage(p);
  await popup.getByRole('button', { name: 'Pause this site' }).click();
  await expect(popup.getByText('Every remixlet on shop.test is paused.')).toBeVisible();
  for (const p of [page, secondShopTab]) {
    await expect.poll(() => wasReloaded(p)).toBe(true);
    await expect(p.locator('#shop-title')).toHaveText('Fixture Shop');
    await expect.poll(() => cartOutline(p)).not.toBe('rgb(255, 0, 0)');
  }
  // Only the news page's remixlet still runs, and its tab was left alone.
  await expect.poll(live).toHaveLength(1);
  expect(await wasReloaded(news)).toBe(false);
  // The switches keep their own state: pausing the site is not switching each remixlet off.
  await expect(popup.getByRole('switch', { name: 'Retitle' })).toHaveAttribute('aria-checked', 'true');

  await markPage(page);
  await popup.getByRole('button', { name: 'Resume this site' }).click();
  await expect(popup.getByRole('button', { name: 'Pause this site' })).toBeVisible();
  await expect.poll(() => wasReloaded(page)).toBe(true);
  await expect(page.locator('#shop-title')).toHaveText('Remixed Shop');
  await expect.poll(() => cartOutline(page)).toBe('rgb(255, 0, 0)');
  await expect.poll(live).toHaveLength(3);

  const [manager] = await Promise.all([context.waitForEvent('page'), popup.getByRole('link', { name: 'Manage remixlets' }).click()]);
  await expect(manager).toHaveURL(`chrome-extension://${extensionId}/panel/manager.html`);
  await expect(manager.getByRole('heading', { name: 'Retitle', exact: true })).toBeVisible();

  // The chat is the side panel: the browser opens it for this tab (it is not a tab Playwright lists).
  const sidePanels = async () => (await cdp.listTargets()).filter((t) => t.url === `chrome-extension://${extensionId}/panel/panel.html`).length;
  expect(await sidePanels()).toBe(0);
  await popup.getByRole('button', { name: 'Open the chat' }).click();
  await expect.poll(sidePanels).toBe(1);
});

test('while its change runs the switch says it is busy (aria-disabled), keeps the focus and ignores a second press; then it is free again', async ({
  openPage,
  openExtensionPage,
  tabIdOf,
  serviceWorker,
}) => {
  const { tabId, install } = await setUp(openPage, openExtensionPage, tabIdOf);
  await install(retitle('Retitle', 'Remixed Shop'));
  const popup = await openExtensionPage(`panel/popup.html?tab=${tabId}`);
  const retitleSwitch = popup.getByRole('switch', { name: 'Retitle' });
  await expect(retitleSwitch).toHaveAttribute('aria-checked', 'true');
  await expect(retitleSwitch).not.toHaveAttribute('aria-disabled');

  // The worker's reload of the page (the last step of the switch's change) waits until the test lets it go.
  await serviceWorker.evaluate(() => {
    const g = globalThis as unknown as { heldReloads: Array<() => void>; realReload: typeof chrome.tabs.reload };
    g.heldReloads = [];
    g.realReload = chrome.tabs.reload;
    chrome.tabs.reload = ((...args: Parameters<typeof chrome.tabs.reload>) =>
      new Promise((resolve, reject) => g.heldReloads.push(() => void (g.realReload as (...a: unknown[]) => Promise<void>)(...args).then(resolve, reject)))) as typeof chrome.tabs.reload;
  });
  const held = () => serviceWorker.evaluate(() => (globalThis as unknown as { heldReloads: unknown[] }).heldReloads.length);

  await retitleSwitch.click();
  await expect.poll(held).toBe(1);
  await expect(retitleSwitch).toHaveAttribute('aria-disabled', 'true');
  await expect(retitleSwitch).toBeFocused();
  // A second press meanwhile (forced: Playwright itself waits for an aria-disabled control) changes nothing.
  await retitleSwitch.click({ force: true });
  await retitleSwitch.press('Enter');
  await popup.waitForTimeout(500);
  expect(await held()).toBe(1);
  await expect(retitleSwitch).toHaveAttribute('aria-disabled', 'true');

  await serviceWorker.evaluate(() => {
    const g = globalThis as unknown as { heldReloads: Array<() => void>; realReload: typeof chrome.tabs.reload };
    chrome.tabs.reload = g.realReload;
    for (const go of g.heldReloads) go();
  });
  await expect(popup.getByRole('status')).toContainText('Switched off "Retitle"');
  await expect(retitleSwitch).not.toHaveAttribute('aria-disabled');
  await expect(retitleSwitch).toHaveAttribute('aria-checked', 'false');
  await expect(retitleSwitch).toBeFocused();
});
