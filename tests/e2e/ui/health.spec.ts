// Health without a model: the extension records what each visit showed of a remixlet, and the popup and
// the manager say it while they are open. A healthy remixlet on a site that does not change stays
// "Working" across 20 visits (no false alarm); beside it, in the same visits, one whose only query finds
// nothing turns "Not working" (the positive control: the same visits do flag a remixlet that is broken).
// Deleting a remixlet deletes its health record.
import type { Page, Worker } from '@playwright/test';
import { test, expect } from '../harness';
import { manifest, readLog, uiCall } from '../remixlet';
import { retitle, setUp } from './ui-helpers';

const VISITS = 20;

/** The stored health record of a remixlet, read from the worker's IndexedDB as the worker wrote it. */
async function storedHealth(serviceWorker: Worker, remixletId: string): Promise<{ visits: Array<{ found: string[]; empty: string[] }> } | null> {
  return serviceWorker.evaluate(
    (id) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('remixlet');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('health')) return resolve(null);
          const get = db.transaction('health').objectStore('health').get(id);
          get.onsuccess = () => resolve(get.result ?? null);
          get.onerror = () => reject(get.error);
        };
      }),
    remixletId,
  );
}

/** Reloads the page and waits until the remixlet's change is on it again: that visit's query was answered. */
async function visit(page: Page): Promise<void> {
  await page.reload();
  await expect(page.locator('#shop-title')).toHaveText('Remixed Shop');
}

test('a healthy remixlet stays "Working" across 20 visits while one whose query finds nothing turns "Not working"; popup and manager update while open', async ({
  openPage,
  openExtensionPage,
  tabIdOf,
  serviceWorker,
}) => {
  const { page, tabId, panel, install } = await setUp(openPage, openExtensionPage, tabIdOf);
  const healthy = await install(retitle('Retitle', 'Remixed Shop'));
  const broken = await install({
    'manifest.json': manifest({ name: 'Old banner', matches: ['*://shop.test/*'] }),
    'script.js': "const banner = await dom.query('#spring-banner');\nif (banner) await banner.hide();",
  });

  const popup = await openExtensionPage(`panel/popup.html?tab=${tabId}`);
  const manager = await openExtensionPage('panel/manager.html');
  const row = (name: string) => popup.getByRole('list', { name: 'Remixlets on this page' }).locator('li', { hasText: name });

  // A reload may come before the broken one's query is answered (its sandbox is slower than the healthy
  // one's on a busy machine); that visit rightly counts for nothing, so each visit waits for its answer.
  const missedVisits = async () => (await storedHealth(serviceWorker, broken.remixletId))?.visits.filter((v) => v.empty.includes('#spring-banner')).length ?? 0;
  for (let i = 0; i < VISITS; i++) {
    await visit(page);
    await expect.poll(missedVisits).toBeGreaterThanOrEqual(i + 1);
    // Three missed visits in, the broken one is flagged, in the popup that stayed open.
    if (i === 2) await expect(row('Old banner').locator('.health')).toHaveAttribute('data-health', 'not-working');
  }
  await expect.poll(async () => (await storedHealth(serviceWorker, healthy.remixletId))?.visits.length).toBeGreaterThanOrEqual(VISITS);

  const retitleHealth = row('Retitle').locator('.health');
  await expect(retitleHealth).toHaveAttribute('data-health', 'working');
  await expect(retitleHealth).toHaveText('Working');
  await expect(row('Retitle').getByRole('button', { name: /Fix it/ })).toHaveCount(0);
  // Every one of the 20 visits found the title: nothing was ever counted against it.
  const record = (await storedHealth(serviceWorker, healthy.remixletId))!;
  expect(record.visits.every((v) => v.found.includes('#shop-title') && v.empty.length === 0)).toBe(true);

  const bannerHealth = row('Old banner').locator('.health');
  await expect(bannerHealth).toContainText(/^Not working here since /);
  await expect(bannerHealth).toContainText('Found nothing with #spring-banner');
  await expect(row('Old banner').getByRole('button', { name: 'Fix it: Old banner' })).toBeVisible();

  // The manager says the same, with its short history of visits.
  const card = (name: string) => manager.getByRole('article', { name });
  await expect(card('Retitle').locator('.health')).toHaveAttribute('data-health', 'working');
  const recent = card('Retitle').getByRole('list', { name: 'Recent visits' }).getByRole('listitem');
  await expect(recent).toHaveCount(10);
  await expect(recent.filter({ hasText: 'worked' })).toHaveCount(10);
  await expect(card('Old banner').locator('.health')).toHaveAttribute('data-health', 'not-working');
  await expect(card('Old banner').getByRole('list', { name: 'Recent visits' }).getByRole('listitem').first()).toContainText('found nothing');

  // Deleted with the remixlet.
  await uiCall(panel, 'remove', { remixletId: broken.remixletId });
  await expect.poll(() => storedHealth(serviceWorker, broken.remixletId)).toBeNull();
  await expect(card('Old banner')).toHaveCount(0);
});

test('a remixlet whose visit had a call refused shows "Refused something" in the popup, with the refusal and "Fix it"; the one beside it stays "Working"', async ({
  openPage,
  openExtensionPage,
  tabIdOf,
}) => {
  const { page, tabId, install, panel } = await setUp(openPage, openExtensionPage, tabIdOf);
  await install(retitle('Retitle', 'Remixed Shop'));
  // Its query finds the title (so it is not "not working"); the attribute name is refused by the page policy
  // at run time (on the page's own elements an attribute takes a short name), and the remixlet catches the
  // refusal (so it did not stop with an error). The name is made at run time so the save-time check cannot see it.
  const handler = await install({
    'manifest.json': manifest({ name: 'Marker', matches: ['*://shop.test/*'] }),
    'script.js': "const title = await dom.query('#shop-title');\nconst name = 'x' + (await dom.title()).slice(0, 0) + '.y';\ntry { await title.setAttr(name, 'x'); } catch (e) { rmx.log('refused: ' + e.code); }",
  });
  await visit(page);
  // The refusal is in its log, with the page policy's reason (the line the popup shows).
  await expect.poll(async () => (await readLog(panel, handler.remixletId)).map((l) => l.refusal?.code)).toContain('ATTRIBUTE_REFUSED');

  const popup = await openExtensionPage(`panel/popup.html?tab=${tabId}`);
  const row = (name: string) => popup.getByRole('list', { name: 'Remixlets on this page' }).locator('li', { hasText: name });
  const refused = row('Marker').locator('.health');
  await expect(refused).toHaveAttribute('data-health', 'refused');
  await expect(refused.locator('.health-state')).toHaveText('Refused something');
  await expect(refused.locator('.health-detail')).toContainText('dom.setAttr refused: On the page\'s own elements an attribute takes a short name');
  await expect(row('Marker').getByRole('button', { name: 'Fix it: Marker' })).toBeVisible();
  await expect(row('Retitle').locator('.health')).toHaveAttribute('data-health', 'working');
});
