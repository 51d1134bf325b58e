// A real stop of the background worker (over CDP) while a remixlet runs: afterwards its token still
// resolves, the page agent and offscreen host reconnect, no sandbox is duplicated or lost, and the
// remixlet keeps repairing the page through the restarted worker.
import { test, expect } from './harness';
import { install, manifest, openPanel, readLog, stopServiceWorkers } from './remixlet';

const SCRIPT = `
rmx.keep('no promos', {
  check: async () => (await dom.query('.promo:not([style*="display: none"])')) === null,
  repair: async () => { for (const p of await dom.queryAll('.promo')) await p.hide(); rmx.log('repaired'); },
});
`;

test('running remixlets survive the worker being stopped', async ({ context, openPage, openExtensionPage, tabIdOf, evaluateInOffscreen }) => {
  const page = await openPage('shop.test', '/index.html');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  const { remixletId } = await install(panel, tabId, { 'manifest.json': manifest({ name: 'No promos', matches: ['*://shop.test/*'] }), 'script.js': SCRIPT });
  await page.reload();
  await expect(page.locator('#promo-top')).toBeHidden();
  const live = () => evaluateInOffscreen<string[]>('remixletLiveSandboxes()').catch(() => ['not ready']);
  await expect.poll(live).toHaveLength(1);
  const before = await live();
  // The first repair's log line, sent after its hide, is in before the stop: a line on its way when the
  // worker stops is not what this test is about, and the count below starts from this one.
  await expect.poll(async () => (await readLog(panel, remixletId)).filter((e) => e.message === 'repaired').length).toBe(1);

  await stopServiceWorkers(context, panel);

  // The page redraws: the remixlet, through a worker that has to start again, must repair it.
  await page.evaluate(() => {
    const promo = document.createElement('div');
    promo.className = 'promo';
    promo.id = 'promo-late';
    promo.textContent = 'Late offer';
    document.body.prepend(promo);
  });
  await expect(page.locator('#promo-late')).toBeHidden({ timeout: 15_000 });
  expect(await live()).toEqual(before);
  const panelAgain = await openPanel(openExtensionPage, tabId);
  // The repair logs after its hide, so the page can show the hide before the log line reaches the worker.
  const messages = async () => (await readLog(panelAgain, remixletId)).map((e) => e.message);
  await expect
    .poll(async () => (await messages()).filter((m) => m === 'repaired').length)
    .toBeGreaterThanOrEqual(2)
    // What the log did hold instead, newest first: the failure then says which call went wrong.
    .catch(async (e: Error) => {
      throw new Error(`${e.message}\nThe log: ${JSON.stringify(await messages())}`);
    });
  expect((await messages()).some((m) => /TOKEN_INVALID|TOKEN_STALE/.test(m))).toBe(false);
});
