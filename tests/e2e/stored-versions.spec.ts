// Stored data from older versions, seeded through the test build's seeding path: a remixlet written for an
// API version this extension no longer runs does not run and says why; a stylesheet saved by an older
// extension that fails today's load check keeps running with its loading parts left out, and says which.
import { test, expect } from './harness';
import { openPanel, readLog } from './remixlet';

const now = Date.now();
const head = (id: string) => ({ id, head: 1, enabled: true, archived: false, createdAt: now, updatedAt: now });
const version = (id: string, apiVersion: number, extensionVersion: string, files: Record<string, string>) => ({
  remixletId: id,
  version: 1,
  files,
  digest: 'a'.repeat(64),
  apiVersion,
  extensionVersion,
  savedAt: now,
  origin: 'seed',
});
// The version record carries the API version it was saved under (the extension stamps both).
const manifest = (name: string) => JSON.stringify({ name, description: 'seeded', matches: ['*://shop.test/*'], permissions: [] });

test('older stored remixlets: an unsupported API does not run; a legacy stylesheet runs without its loads', async ({ serviceWorker, openPage, openExtensionPage, tabIdOf, witness }) => {
  await serviceWorker.evaluate(
    async (records) => {
      const seed = (globalThis as unknown as { seedRemixlet: (r: unknown) => Promise<void> }).seedRemixlet;
      for (const r of records) await seed(r);
    },
    [
      { head: head('oldapi0000001'), version: version('oldapi0000001', 0, '0.9.0', { 'manifest.json': manifest('Old API'), 'script.js': 'const p = await dom.query("#promo-top"); await p.hide();' }) },
      {
        head: head('legacycss0001'),
        version: version('legacycss0001', 1, '0.0.1', {
          'manifest.json': manifest('Legacy style'),
          'style.css': '#cart { outline: 4px solid rgb(0, 128, 0); }\n.promo { background: url(https://leaking.via/track.png); }\n#shop-title { color: rgb(200, 0, 0); }',
        }),
      },
    ],
  );
  const page = await openPage('shop.test', '/index.html');
  const panel = await openPanel(openExtensionPage, await tabIdOf(page));

  // The old-API remixlet never ran: the promo is still there, and its log says why.
  await expect.poll(async () => (await readLog(panel, 'oldapi0000001')).map((e) => e.message).join('\n')).toMatch(/API version 0/);
  await expect(page.locator('#promo-top')).toBeVisible();

  // The legacy stylesheet applies, minus the rule that loads from elsewhere, and the log names it.
  await expect.poll(() => page.locator('#cart').evaluate((el) => getComputedStyle(el).outlineColor)).toBe('rgb(0, 128, 0)');
  await expect.poll(() => page.locator('#shop-title').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(200, 0, 0)');
  await expect.poll(async () => (await readLog(panel, 'legacycss0001')).map((e) => e.message).join('\n')).toMatch(/line 2: left out/);
  await witness.expectNoHits();
});
