// The foundation's vertical slice in a real Chromium: a stored remixlet runs on a matching page in its own
// sandbox, hides an element through dom, gets its style.css inserted, logs through rmx, and its sandbox
// goes when the tab navigates away. Remixlet does nothing on an unrelated site.
import { test, expect } from './harness';
import { allowPermissions, hasPageAgent, install, manifest, openPanel, readLog } from './remixlet';

const SCRIPT = `
const promo = await dom.query('#promo-top');
await promo.hide();
rmx.log('hid', await promo.text());
`;

test('a stored remixlet runs on its site, in one sandbox, and goes with the page', async ({ openPage, openExtensionPage, tabIdOf, evaluateInOffscreen, extensionId, witness }) => {
  const page = await openPage('shop.test', '/index.html');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  const installed = await install(panel, tabId, {
    'manifest.json': manifest({ name: 'Hide the promo', matches: ['*://shop.test/*'] }),
    'script.js': SCRIPT,
    'style.css': '#cart { outline: 3px solid rgb(255, 0, 0); }',
  });
  expect(installed.dialogShown).toBe(false);

  await page.reload();
  await expect(page.locator('#promo-top')).toBeHidden();
  await expect(page.locator('#promo-inline')).toBeVisible();
  await expect.poll(() => page.locator('#cart').evaluate((el) => getComputedStyle(el).outlineColor)).toBe('rgb(255, 0, 0)');
  await expect.poll(async () => (await readLog(panel, installed.remixletId)).map((e) => e.message)).toContain('hid Summer sale! 50% off everything.');

  const live = () => evaluateInOffscreen<string[]>('remixletLiveSandboxes()').catch(() => ['not ready']);
  await expect.poll(live).toHaveLength(1);

  await page.goto(page.url().replace('shop.test', 'other.test'));
  await expect.poll(live).toHaveLength(0);
  expect(await hasPageAgent(page, extensionId)).toBe(false);
  expect(await witness.hits()).toEqual([]);
  void allowPermissions;
});

test('Remixlet does nothing on a site no remixlet matches', async ({ openPage, extensionId, evaluateInOffscreen }) => {
  const page = await openPage('news.test', '/index.html');
  expect(await hasPageAgent(page, extensionId)).toBe(false);
  // The offscreen document may still be loading its script; ask until it answers.
  await expect.poll(() => evaluateInOffscreen<string[]>('remixletLiveSandboxes()').catch(() => 'not ready')).toEqual([]);
});
