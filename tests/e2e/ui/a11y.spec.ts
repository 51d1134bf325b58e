// Accessibility of the side panel, the popup and the manager: axe-core finds no serious or critical
// violation in any of them, in the states a person goes through (a first run, a permission card, a list of
// remixlets, History with its diff, "can do" list and code, the Restore confirmation, a chat whose rows say
// declined, refused and saved with what the code can do, an activation dialog with its list of changes),
// and each is worked by keyboard alone: Tab to reach, Space or Enter to act, Escape to back out of a confirmation.
import type { Locator, Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { test, expect } from '../harness';
import { manifest, uiCall } from '../remixlet';
import { ScriptedModel } from '../assistant/scripted-model';
import { chatOn, idle, send } from '../assistant/chat-helpers';
import { markPage, retitle, setUp, wasReloaded } from './ui-helpers';

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Presses Tab until the element has the focus; fails if the keyboard never gets there. */
async function tabTo(page: Page, target: Locator, presses = 30): Promise<void> {
  for (let i = 0; i < presses; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

test('the panel, popup and manager have no serious axe violations and work by keyboard alone', async ({ openPage, openExtensionPage, tabIdOf }) => {
  // Eleven axe runs and three pages: 17 s alone, over 60 s at load 12 from other tenants.
  test.setTimeout(300_000);
  const { page, tabId, panel, install } = await setUp(openPage, openExtensionPage, tabIdOf);
  // A first run (no provider yet) and a permission card that says whom it is for.
  await expect(panel.getByRole('region', { name: 'First, connect an AI model' })).toBeVisible();
  const asked = await uiCall<{ approvalId: string }>(panel, 'requestPermissions', { tabId, permissions: [{ name: 'storage', reason: 'to remember the title' }] });
  const permissionCard = panel.locator(`section.approval[aria-labelledby="t-${asked.approvalId}"]`);
  await expect(permissionCard.locator('.for-whom')).toBeVisible();
  expect(await seriousViolations(panel)).toEqual([]);
  await permissionCard.getByRole('button', { name: 'Allow' }).click();
  await expect(panel.locator('.status')).toHaveText('Allowed: the agent may use it now.');
  const v1 = await install(retitle('Retitle', 'Remixed Shop', { permissions: [{ name: 'storage', reason: 'to remember the title' }] }));
  await install(retitle('Retitle', 'Remixed v2'), v1.remixletId);
  await page.reload();
  await expect(page.locator('#shop-title')).toHaveText('Remixed v2');

  expect(await seriousViolations(panel)).toEqual([]);

  const popup = await openExtensionPage(`panel/popup.html?tab=${tabId}`);
  const toggle = popup.getByRole('switch', { name: 'Retitle' });
  await expect(toggle).toBeVisible();
  expect(await seriousViolations(popup)).toEqual([]);
  await markPage(page);
  await tabTo(popup, toggle);
  await popup.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect.poll(() => wasReloaded(page)).toBe(true);
  await expect(page.locator('#shop-title')).toHaveText('Fixture Shop');
  // The switch keeps the focus, so the next press of Space switches it back.
  await popup.bringToFront();
  await expect(toggle).toBeFocused();
  await popup.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('#shop-title')).toHaveText('Remixed v2');
  await tabTo(popup, popup.getByRole('button', { name: 'Pause this site' }));
  await popup.keyboard.press('Enter');
  await expect(popup.getByRole('button', { name: 'Resume this site' })).toBeVisible();
  expect(await seriousViolations(popup)).toEqual([]);

  const manager = await openExtensionPage('panel/manager.html');
  const card = manager.getByRole('article', { name: 'Retitle' });
  await expect(card).toBeVisible();
  expect(await seriousViolations(manager)).toEqual([]);

  await tabTo(manager, card.getByRole('button', { name: 'History' }));
  await manager.keyboard.press('Enter');
  const shown = card.locator('section.version');
  await expect(shown).toHaveAttribute('data-version', '2');
  await expect(shown.locator('.file-diff')).not.toHaveCount(0);
  await expect(shown.locator('.can-do li')).not.toHaveCount(0);
  expect(await seriousViolations(manager)).toEqual([]);

  await tabTo(manager, shown.getByRole('button', { name: 'Code' }));
  await manager.keyboard.press('Enter');
  await expect(shown.getByRole('textbox', { name: 'script.js of version 2, read only' })).toBeVisible();
  expect(await seriousViolations(manager)).toEqual([]);

  await tabTo(manager, card.getByRole('button', { name: 'Version 1' }));
  await manager.keyboard.press('Enter');
  await tabTo(manager, shown.getByRole('button', { name: 'Restore version 1' }));
  await manager.keyboard.press('Enter');
  const confirm = manager.getByRole('dialog', { name: 'Restore version 1 of this remixlet?' });
  await expect(confirm).toBeVisible();
  // The confirmation takes the focus, so Tab and Enter answer it.
  await expect(confirm.getByRole('button', { name: 'Restore version 1' })).toBeFocused();
  expect(await seriousViolations(manager)).toEqual([]);
  await manager.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(manager.getByRole('status')).toHaveText('Version 1 was not restored; nothing changed.');

  // The paused site from the popup is listed, and resumed, by keyboard.
  await manager.reload();
  const resume = manager.getByRole('button', { name: 'Resume remixlets on shop.test' });
  await tabTo(manager, resume);
  await manager.keyboard.press('Enter');
  await expect(resume).toHaveCount(0);
  await expect(page.locator('#shop-title')).toHaveText('Remixed v2');
});

test('a chat with a declined card, a refused save, saves with their "can do" lists, and an activation dialog with its list have no serious axe violations', async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  test.setTimeout(300_000);
  const good = retitle('Title keeper', 'Remixed Shop');
  const wide = { ...good, 'manifest.json': manifest({ name: 'Title keeper', matches: ['*://shop.test/*', '*://news.test/*'] }) };
  const broken = { 'manifest.json': manifest({ name: 'Broken', matches: ['*://shop.test/*'] }), 'script.js': 'rmx.log(' };
  const model = new ScriptedModel((turn) => {
    const saved = turn.results.filter((r) => r.name === 'save_remixlet').map((r) => JSON.parse(r.content) as { status?: string; remixletId?: string });
    switch (turn.step) {
      case 0:
        return { toolCalls: [{ name: 'request_permissions', args: { permissions: [{ name: 'storage', reason: 'remember things' }] } }] };
      case 1:
        return { toolCalls: [{ name: 'write_files', args: { files: broken } }] };
      case 2:
        return { toolCalls: [{ name: 'save_remixlet', args: {} }] };
      case 3:
        return { toolCalls: [{ name: 'write_files', args: { files: good } }] };
      case 4:
        return { toolCalls: [{ name: 'save_remixlet', args: {} }] };
      case 5:
        return { toolCalls: [{ name: 'write_files', args: { files: wide } }] };
      case 6:
        return { toolCalls: [{ name: 'save_remixlet', args: { remixletId: saved.find((s) => s.status === 'activated')?.remixletId } }] };
      default:
        return { text: 'Done: it runs on both sites now.' };
    }
  });
  const { panel } = await chatOn({ openPage, tabIdOf, openExtensionPage, sites }, model, { host: 'shop.test' });
  await send(panel, 'Keep the title, here and on the news site');
  await panel.locator('section.approval[data-approval-kind="permissions"]').getByRole('button', { name: 'Not now' }).click();
  const dialog = panel.locator('section.approval[data-approval-kind="activation"]');
  await expect(dialog.getByRole('region', { name: 'What its code can do, and what changes' }).locator('li[data-change="added"]')).toHaveText(['New: Runs on news.test, all pages']);
  await expect(panel.locator('.chat .tool[data-tool="save_remixlet"][data-state="refused"]')).toHaveCount(1);
  expect(await seriousViolations(panel)).toEqual([]);
  await dialog.getByRole('button', { name: 'Allow and apply' }).click();
  await idle(panel);
  await expect(panel.locator('.chat .tool[data-state="declined"]')).toHaveCount(1);
  await expect(panel.locator('.chat .tool[data-tool="save_remixlet"][data-state="done"] .can-do')).toHaveCount(2);
  await expect(panel.locator('.chat .tool[data-tool="save_remixlet"] .can-do li[data-change="added"]')).toHaveText(['New: Runs on news.test, all pages']);
  expect(await seriousViolations(panel)).toEqual([]);
});
