// The small services in a real Chromium, through remixlets on a fixture page: clipboard (write only,
// text), notifications (text, marked, a flood refused), and a context-menu entry whose click reaches the
// remixlet's handler on that page. Headless Chromium cannot click a native menu, so the click enters at
// the contextMenus.onClicked listener itself (the test build exposes that very function). Without the
// permission each is refused and logged; on a paused site the menu click is refused and the handler stays quiet.
import { test, expect } from '../harness';
import { uiCall } from '../remixlet';
import { installWith, perm, report, results, logMessages } from './helpers';

const SCRIPT = `
${report('clip', `rmx.clipboard.write('copied by a remixlet')`)}
${report('notify', `rmx.notify({ title: 'Price drop', message: 'Blue Mug is now $10' })`)}
${report('flood', `(async () => { for (let i = 0; i < 5; i++) await rmx.notify({ title: 'Again ' + i, message: 'flood' }); })()`)}
${report('menu', `rmx.menu.add({ id: 'save', title: 'Save this deal' }, () => rmx.log('RESULT clicked ' + JSON.stringify({ ok: true, value: rmx.page.url })))`)}
`;
const BARE = `
${report('clip', `rmx.clipboard.write('should not be copied')`)}
${report('notify', `rmx.notify({ title: 'no', message: 'no' })`)}
${report('menu', `rmx.menu.add({ id: 'nope', title: 'Nope' }, () => undefined)`)}
`;

test('clipboard, notifications and the menu work with their permissions, and are refused without', async ({ context, page, openPage, openExtensionPage, tabIdOf, serviceWorker, witness }) => {
  const shop = await openPage('shop.test', '/index.html', { https: true, page });
  const tabId = await tabIdOf(shop);
  const withPerms = await installWith(openExtensionPage, tabId, {
    name: 'Deals',
    matches: ['*://shop.test/*'],
    permissions: [perm('clipboard'), perm('notifications'), perm('menu')],
    script: SCRIPT,
  });
  const bare = await installWith(openExtensionPage, tabId, { name: 'Bare', matches: ['*://shop.test/*'], script: BARE });
  await shop.reload();
  const r = await results(withPerms.panel, withPerms.remixletId, ['clip', 'notify', 'flood', 'menu']);
  expect(r).toMatchObject({ clip: { ok: true }, notify: { ok: true }, flood: { ok: false, code: 'RATE_LIMITED' }, menu: { ok: true } });
  const b = await results(bare.panel, bare.remixletId, ['clip', 'notify', 'menu']);
  expect(b).toMatchObject({ clip: { ok: false, code: 'PERMISSION_MISSING' }, notify: { ok: false, code: 'PERMISSION_MISSING' }, menu: { ok: false, code: 'PERMISSION_MISSING' } });

  // The clipboard holds the remixlet's text (and not the one refused).
  await context.grantPermissions(['clipboard-read'], { origin: 'https://shop.test' });
  await shop.bringToFront();
  expect(await shop.evaluate(() => navigator.clipboard.readText())).toBe('copied by a remixlet');

  // Three notifications (the flood's fourth and fifth were refused), each text only and marked with the remixlet.
  const shown = await serviceWorker.evaluate(() => chrome.notifications.getAll());
  expect(Object.keys(shown)).toHaveLength(3);
  expect(Object.keys(shown).every((id) => id.startsWith(`rmx:${withPerms.remixletId}:`))).toBe(true);
  expect((await logMessages(withPerms.panel, withPerms.remixletId)).join('\n')).toMatch(/rmx\.notify refused: At most 3 notifications a minute/);

  // A click on the menu entry reaches the handler in this page's sandbox.
  const click = (id: string, menu: string) =>
    serviceWorker.evaluate(
      ({ id, menu, tabId }) =>
        (globalThis as unknown as { remixletServices: { menuClicked(info: unknown, tab: unknown): Promise<void> } }).remixletServices.menuClicked({ menuItemId: `rmx-menu:${id}:${menu}`, frameId: 0 }, { id: tabId }),
      { id, menu, tabId },
    );
  await click(withPerms.remixletId, 'save');
  expect((await results(withPerms.panel, withPerms.remixletId, ['clicked'])).clicked).toEqual({ ok: true, value: 'https://shop.test/index.html' });

  // Paused, the click is refused and logged, and the handler does not run again.
  await uiCall(withPerms.panel, 'pauseSite', { site: 'shop.test', paused: true });
  await click(withPerms.remixletId, 'save');
  await expect.poll(async () => (await logMessages(withPerms.panel, withPerms.remixletId)).join('\n')).toMatch(/menu "save" click refused: Every remixlet on this site is paused/);
  expect((await logMessages(withPerms.panel, withPerms.remixletId)).filter((m) => m.startsWith('RESULT clicked'))).toHaveLength(1);
  await witness.expectNoHits();
});
