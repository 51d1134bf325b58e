// The manager, driven by clicks: every remixlet with its sites, fixed permission text and state; search and
// filter; its log newest first with refusals; switching off, archiving and deleting take effect on open
// pages (the tabs reload, the sandboxes end even when a page refuses to reload); a remixlet whose stored
// files are corrupt shows the error and can still be deleted; a change made elsewhere shows up in an open
// manager (and an open popup) as it happens.
import { test, expect } from '../harness';
import { allowPermissions, manifest, readLog, uiCall } from '../remixlet';
import { allowReloads, keepTitle, liveSandboxes, markPage, muteShownEvents, OUTLINE_CART, refuseReloads, retitle, seed, setUp, wasReloaded } from './ui-helpers';

const MODEL_REASON = 'MODEL-WRITTEN: to keep notes between visits';
const LOGGER = `
rmx.log('first entry');
try { await dom.create('iframe'); } catch (e) { rmx.log('caught ' + e.code); }
rmx.log('last entry');
`;

test('the manager lists every remixlet with its sites, fixed permission text and state; search and filter narrow it; the log shows refusals, newest first', async ({
  openPage,
  openExtensionPage,
  tabIdOf,
}) => {
  const { page, tabId, panel, install } = await setUp(openPage, openExtensionPage, tabIdOf);
  await allowPermissions(panel, tabId, [{ name: 'storage', reason: MODEL_REASON }]);
  const notes = await install({
    'manifest.json': manifest({ name: 'Notes', matches: ['*://shop.test/*'], permissions: [{ name: 'storage', reason: MODEL_REASON }] }),
    'script.js': LOGGER,
  });
  await install(OUTLINE_CART);
  await page.reload();
  await expect.poll(async () => (await readLog(panel, notes.remixletId)).map((e) => e.message)).toContain('last entry');

  const manager = await openExtensionPage('panel/manager.html');
  const cards = manager.getByRole('article');
  await expect(cards).toHaveCount(2);
  const card = manager.getByRole('article', { name: 'Notes' });
  await expect(card).toContainText('shop.test, all pages');
  await expect(card).not.toContainText('*://shop.test/*');
  await expect(card.locator('[data-permission="storage"]')).toHaveText('storage: Keep its own data in your browser');
  // The reason the model wrote is stored in the manifest but never shown as the permission's text.
  await expect(card).not.toContainText(MODEL_REASON);
  await expect(card.getByRole('switch', { name: 'Notes' })).toHaveAttribute('aria-checked', 'true');

  await manager.getByRole('searchbox', { name: 'Search' }).fill('storage');
  await expect(cards).toHaveCount(1);
  await expect(cards).toHaveAttribute('data-remixlet-id', notes.remixletId);
  await manager.getByRole('searchbox', { name: 'Search' }).fill('no such thing');
  await expect(cards).toHaveCount(0);
  await expect(manager.getByText('No remixlet matches the search.')).toBeVisible();
  await manager.getByRole('searchbox', { name: 'Search' }).fill('');

  // Switching Cart outline off reloads the shop tab, where Notes runs (and logs) once more: its log is read
  // below once that run is whole, not while it is half written.
  const count = async (message: string) => (await readLog(panel, notes.remixletId)).filter((e) => e.message === message).length;
  const runsBefore = await count('last entry');
  await manager.getByRole('switch', { name: 'Cart outline' }).click();
  await expect(manager.getByRole('switch', { name: 'Cart outline' })).toHaveAttribute('aria-checked', 'false');
  await expect.poll(() => count('last entry')).toBeGreaterThan(runsBefore);
  await expect.poll(async () => (await count('first entry')) - (await count('last entry'))).toBe(0);
  const show = manager.getByRole('combobox', { name: 'Show' });
  await show.selectOption('off');
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading')).toHaveText('Cart outline');
  await show.selectOption('on');
  await expect(cards.getByRole('heading')).toHaveText('Notes');
  await show.selectOption('archived');
  await expect(cards).toHaveCount(0);
  await show.selectOption('all');
  await expect(cards).toHaveCount(2);

  await card.getByRole('button', { name: 'Log' }).click();
  const entries = card.locator('.log-entries li');
  await expect(entries.first()).toContainText('last entry');
  const texts = await entries.allTextContents();
  const at = (needle: string) => texts.findIndex((t) => t.includes(needle));
  const refusal = at('Refused');
  expect(refusal).toBeGreaterThan(at('last entry'));
  expect(refusal).toBeLessThan(at('first entry'));
  expect(texts[refusal]).toMatch(/Refused \(page-agent\) dom\.create refused: .+ELEMENT_REFUSED$/);
});

test('switching off, archiving and deleting in the manager reload the tabs it runs on and end its sandbox, even when a page refuses to reload', async ({
  openPage,
  openExtensionPage,
  tabIdOf,
  evaluateInOffscreen,
}) => {
  const { page, panel, install } = await setUp(openPage, openExtensionPage, tabIdOf);
  const { remixletId } = await install(retitle('Retitle', 'Remixed Shop'));
  await page.reload();
  const title = page.locator('#shop-title');
  await expect(title).toHaveText('Remixed Shop');
  const live = liveSandboxes(evaluateInOffscreen);
  await expect.poll(live).toHaveLength(1);
  const unrelated = await openPage('news.test', '/index.html');
  await markPage(unrelated);

  const manager = await openExtensionPage('panel/manager.html');
  const card = manager.getByRole('article', { name: 'Retitle' });
  const status = manager.getByRole('status');

  // The page holds the reload up ("Leave site?" → Stay): the remixlet stops all the same.
  await refuseReloads(page);
  await markPage(page);
  // A tab in the background gets no animation frames, which Playwright's clicks wait for.
  await manager.bringToFront();
  await card.getByRole('switch', { name: 'Retitle' }).click();
  await expect(status).toHaveText('Switched off "Retitle"; reloaded 1 tab.');
  await expect.poll(live).toHaveLength(0);
  expect(await wasReloaded(page)).toBe(false);
  // Its keep no longer repairs: the page's own text stays once the page puts it back.
  await page.evaluate(() => (document.querySelector('#shop-title')!.textContent = 'Fixture Shop'));
  await page.waitForTimeout(700);
  await expect(title).toHaveText('Fixture Shop');

  await allowReloads(page);
  // The "Leave site?" dialog brought the shop's tab to the front.
  await manager.bringToFront();
  await card.getByRole('switch', { name: 'Retitle' }).click();
  await expect.poll(() => wasReloaded(page)).toBe(true);
  await expect(title).toHaveText('Remixed Shop');

  await markPage(page);
  await card.getByRole('button', { name: 'Archive' }).click();
  await expect(card.locator('.state')).toHaveText('Archived');
  await expect.poll(() => wasReloaded(page)).toBe(true);
  await expect(title).toHaveText('Fixture Shop');
  await expect.poll(live).toHaveLength(0);

  await markPage(page);
  await card.getByRole('button', { name: 'Unarchive' }).click();
  await expect.poll(() => wasReloaded(page)).toBe(true);
  await expect(title).toHaveText('Remixed Shop');
  await expect.poll(live).toHaveLength(1);

  // Delete asks first; Cancel keeps it.
  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = manager.getByRole('dialog', { name: 'Delete "Retitle"?' });
  await expect(confirm).toContainText('every permission it held goes with it');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toBeVisible();

  await markPage(page);
  await card.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(status).toHaveText('Deleted "Retitle" and every permission it held; reloaded 1 tab.');
  await expect(card).toHaveCount(0);
  await expect.poll(() => wasReloaded(page)).toBe(true);
  await expect(title).toHaveText('Fixture Shop');
  await expect.poll(live).toHaveLength(0);
  expect(await uiCall(panel, 'versions', { remixletId }, 'query')).toEqual([]);
  expect(await readLog(panel, remixletId)).toEqual([]);
  // A tab no remixlet ran on was never reloaded.
  expect(await wasReloaded(unrelated)).toBe(false);
});

test('a remixlet whose stored manifest is corrupt is shown with the error and can still be deleted', async ({ serviceWorker, openPage, openExtensionPage, tabIdOf }) => {
  const now = Date.now();
  await seed(serviceWorker, [
    {
      head: { id: 'corrupt00001', head: 1, enabled: true, archived: false, createdAt: now, updatedAt: now },
      version: {
        remixletId: 'corrupt00001',
        version: 1,
        files: { 'manifest.json': '{"name": "Broken", "matches": [', 'script.js': keepTitle('never') },
        digest: 'a'.repeat(64),
        apiVersion: 1,
        extensionVersion: '0.1.0',
        savedAt: now,
        origin: 'seed',
      },
    },
  ]);
  const { install } = await setUp(openPage, openExtensionPage, tabIdOf);
  await install(OUTLINE_CART);

  const manager = await openExtensionPage('panel/manager.html');
  const broken = manager.locator('article[data-remixlet-id="corrupt00001"]');
  await expect(broken).toContainText('This remixlet cannot be read: its manifest no longer parses');
  await expect(broken.locator('.state')).toHaveText('Cannot be read');
  await manager.getByRole('combobox', { name: 'Show' }).selectOption('problems');
  await expect(manager.getByRole('article')).toHaveCount(1);

  // Its History still shows what is stored, and why it does not read.
  await broken.getByRole('button', { name: 'History' }).click();
  await expect(broken.locator('section.version')).toContainText('A manifest.json here does not parse');

  await broken.getByRole('button', { name: 'Delete' }).click();
  await manager.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(manager.getByRole('status')).toContainText('Deleted');
  await expect(broken).toHaveCount(0);
  await manager.getByRole('combobox', { name: 'Show' }).selectOption('all');
  await expect(manager.getByRole('article')).toHaveCount(1);
  await expect(manager.getByRole('article', { name: 'Cart outline' })).toBeVisible();
});

test('the manager shows a switch made in the popup and a new version saved meanwhile once it is shown again', async ({ openPage, openExtensionPage, tabIdOf }) => {
  const { tabId, install } = await setUp(openPage, openExtensionPage, tabIdOf);
  const { remixletId } = await install(retitle('Retitle', 'Remixed Shop'));

  const manager = await openExtensionPage('panel/manager.html');
  const card = manager.getByRole('article', { name: 'Retitle' });
  await expect(card.getByRole('switch', { name: 'Retitle' })).toHaveAttribute('aria-checked', 'true');
  await expect(card.locator('dl.facts')).toContainText('Version1');

  const popup = await openExtensionPage(`panel/popup.html?tab=${tabId}`);
  await popup.bringToFront();
  await popup.getByRole('switch', { name: 'Retitle' }).click();
  await expect(popup.getByRole('switch', { name: 'Retitle' })).toHaveAttribute('aria-checked', 'false');
  await install(retitle('Retitle', 'Remixed v2'), remixletId);

  await manager.bringToFront();
  // Headless Chromium does not deliver the focus a person's tab switch gives the page: send that event.
  await manager.evaluate(() => window.dispatchEvent(new FocusEvent('focus')));
  await expect(card.getByRole('switch', { name: 'Retitle' })).toHaveAttribute('aria-checked', 'false');
  await expect(card.locator('dl.facts')).toContainText('Version2');
  await card.getByRole('button', { name: 'History' }).click();
  await expect(card.getByRole('list', { name: 'Versions, newest first' }).getByRole('button')).toHaveText(['Version 2 (current)', 'Version 1']);
});

test('an open manager follows changes made elsewhere as they happen, with no focus or visibility event; the open popup follows the manager', async ({
  openPage,
  openExtensionPage,
  tabIdOf,
}) => {
  const { tabId, panel, install } = await setUp(openPage, openExtensionPage, tabIdOf);
  const { remixletId } = await install(retitle('Retitle', 'Remixed Shop'));

  const manager = await openExtensionPage('panel/manager.html');
  await manager.bringToFront();
  // Only the worker's change event can make the manager read again from here on.
  await muteShownEvents(manager);
  const card = manager.getByRole('article', { name: 'Retitle' });
  const managerSwitch = card.getByRole('switch', { name: 'Retitle' });
  await expect(managerSwitch).toHaveAttribute('aria-checked', 'true');
  await expect(card.locator('dl.facts')).toContainText('Version1');

  // Another extension page (the side panel's tab, behind the manager) calls the worker's ui router.
  await uiCall(panel, 'setEnabled', { remixletId, enabled: false });
  await expect(managerSwitch).toHaveAttribute('aria-checked', 'false');
  // The assistant's saves: a new version, and a new remixlet.
  await install(retitle('Retitle', 'Remixed v2'), remixletId);
  await expect(card.locator('dl.facts')).toContainText('Version2');
  await install(OUTLINE_CART);
  await expect(manager.getByRole('article', { name: 'Cart outline' })).toBeVisible();

  // The popup pauses the site (it is in front meanwhile; the manager's tab is hidden, then shown, unheard).
  const popup = await openExtensionPage(`panel/popup.html?tab=${tabId}`);
  await muteShownEvents(popup);
  await popup.bringToFront();
  await popup.getByRole('button', { name: 'Pause this site' }).click();
  const pausedSites = manager.getByRole('region', { name: 'Paused sites' });
  await expect(pausedSites).toContainText('shop.test');
  const popupSwitch = popup.getByRole('switch', { name: 'Retitle' });
  await expect(popupSwitch).toHaveAttribute('aria-checked', 'false');

  // Changes made in the manager show in the popup left open behind it.
  await manager.bringToFront();
  await managerSwitch.click();
  await expect(popupSwitch).toHaveAttribute('aria-checked', 'true');
  await pausedSites.getByRole('button', { name: 'Resume remixlets on shop.test' }).click();
  await expect(pausedSites).toHaveCount(0);
  await expect(popup.getByRole('button', { name: 'Pause this site' })).toBeVisible();
  await expect(popup.getByText('Every remixlet on shop.test is paused.')).toHaveCount(0);

  // Deleted elsewhere: the card goes.
  await uiCall(panel, 'remove', { remixletId });
  await expect(card).toHaveCount(0);
  await expect(popupSwitch).toHaveCount(0);
  await expect(manager.getByRole('article')).toHaveCount(1);
});
