// History in the manager, driven by clicks: each version's full code, read only and highlighted, and what it
// changed (every file, the manifest included, permissions added or removed called out). Restore's
// confirmation lists that version's permissions with the reasons stored in it, and is the approval: once
// confirmed the version comes back as a new one, the page reloads with it, and the approval cannot be used
// again. A version whose API is no longer supported cannot be restored, says so, and nothing changes.
import { test, expect } from '../harness';
import { allowPermissions, uiCall } from '../remixlet';
import { keepTitle, markPage, retitle, seed, setUp, wasReloaded } from './ui-helpers';

const STORED_REASON = 'to remember which title you picked';

test('History shows code and changes per version; a confirmed Restore brings a version back as a new one, once', async ({ openPage, openExtensionPage, tabIdOf }) => {
  const { page, tabId, panel, install } = await setUp(openPage, openExtensionPage, tabIdOf);
  await allowPermissions(panel, tabId, [{ name: 'storage', reason: STORED_REASON }]);
  const v1 = await install(retitle('Retitle', 'Remixed Shop', { permissions: [{ name: 'storage', reason: STORED_REASON }] }));
  await install(retitle('Retitle', 'Remixed v2'), v1.remixletId);
  await page.reload();
  await expect(page.locator('#shop-title')).toHaveText('Remixed v2');

  const manager = await openExtensionPage('panel/manager.html');
  const card = manager.getByRole('article', { name: 'Retitle' });
  await card.getByRole('button', { name: 'History' }).click();
  const versions = card.getByRole('list', { name: 'Versions, newest first' });
  await expect(versions.getByRole('button')).toHaveText(['Version 2 (current)', 'Version 1']);

  // Version 2's changes: every file's diff, and the permission it dropped, in fixed text.
  const shown = card.locator('section.version');
  await expect(shown).toHaveAttribute('data-version', '2');
  await expect(shown.getByRole('note', { name: 'Permissions removed' })).toHaveText(/storage: Keep its own data in your browser/);
  const scriptDiff = shown.locator('.file-diff[data-file="script.js"]');
  await expect(scriptDiff.locator('del')).toContainText(['Remixed Shop']);
  await expect(scriptDiff.locator('ins')).toContainText(['Remixed v2']);
  await expect(shown.locator('.file-diff[data-file="manifest.json"] del')).toContainText(['"storage"']);

  // Its full code: highlighted, and no keystroke changes it.
  await shown.getByRole('button', { name: 'Code' }).click();
  const script = shown.getByRole('textbox', { name: 'script.js of version 2, read only' });
  await expect(script).toContainText("rmx.keep('title'");
  const stringToken = script.locator('span', { hasText: /^"Remixed v2"$/ }).first();
  await expect.poll(() => stringToken.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(161, 26, 26)');
  const before = await script.textContent();
  await script.click();
  await manager.keyboard.press('End');
  await manager.keyboard.type('evil();');
  await manager.keyboard.press('Backspace');
  expect(await script.textContent()).toBe(before);
  await expect(shown.getByRole('textbox', { name: 'manifest.json of version 2, read only' })).toContainText('"permissions": []');

  // Version 1: the first, so everything is new, including its permission.
  await versions.getByRole('button', { name: 'Version 1' }).click();
  await expect(shown).toHaveAttribute('data-version', '1');
  await expect(shown).toContainText('The first version: everything in it is new.');
  await expect(shown.getByRole('note', { name: 'Permissions added' })).toHaveText(/storage: Keep its own data in your browser/);

  // Restore asks first; its confirmation shows the reason stored in that version. Escape changes nothing.
  await shown.getByRole('button', { name: 'Restore version 1' }).click();
  const confirm = manager.getByRole('dialog', { name: 'Restore version 1 of this remixlet?' });
  // Nothing the model wrote but the permission names and stored reasons: not the remixlet's name.
  await expect(confirm).not.toContainText('Retitle');
  const row = confirm.locator('[data-permission="storage"]');
  await expect(row).toContainText('storage: Keep its own data in your browser');
  await expect(row.locator('.stored-reason')).toHaveText(`Reason stored in that version: ${STORED_REASON}`);
  await manager.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(manager.getByRole('status')).toHaveText('Version 1 was not restored; nothing changed.');
  await expect(versions.getByRole('button')).toHaveCount(2);

  await shown.getByRole('button', { name: 'Restore version 1' }).click();
  const approvalId = await confirm.locator('[data-approval-id]').getAttribute('data-approval-id');
  await markPage(page);
  await confirm.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(manager.getByRole('status')).toHaveText('Restored version 1 as version 3; the tabs it runs on reloaded.');
  await expect.poll(() => wasReloaded(page)).toBe(true);
  await expect(page.locator('#shop-title')).toHaveText('Remixed Shop');
  await expect(versions.getByRole('button')).toHaveText(['Version 3 (current)', 'Version 2', 'Version 1']);
  await expect(versions.locator('li[data-version="3"]')).toContainText('restored from version 1');
  await expect(shown).toHaveAttribute('data-version', '3');
  await expect(shown.getByRole('note', { name: 'Permissions added' })).toHaveText(/storage/);

  // The confirmation was the approval, and it is spent: sending it again restores nothing.
  await expect(uiCall(panel, 'decide', { approvalId, allow: true })).rejects.toThrow(/APPROVAL_USED/);
  await manager.reload();
  await manager.getByRole('article', { name: 'Retitle' }).getByRole('button', { name: 'History' }).click();
  await expect(manager.getByRole('list', { name: 'Versions, newest first' }).getByRole('button')).toHaveCount(3);
});

test('restoring a version written for an API this extension no longer runs says so and changes nothing', async ({ serviceWorker, openPage, openExtensionPage, tabIdOf }) => {
  const now = Date.now();
  const id = 'oldapi000001';
  const version = (n: number, apiVersion: number, title: string) => ({
    remixletId: id,
    version: n,
    files: { 'manifest.json': JSON.stringify({ name: 'Seeded', description: 'seeded', matches: ['*://shop.test/*'], permissions: [] }), 'script.js': keepTitle(title) },
    digest: 'a'.repeat(64),
    apiVersion,
    extensionVersion: '0.1.0',
    savedAt: now,
    origin: 'seed',
  });
  const head = (n: number) => ({ id, head: n, enabled: true, archived: false, createdAt: now, updatedAt: now });
  await seed(serviceWorker, [
    { head: head(1), version: version(1, 0, 'Old API title') },
    { head: head(2), version: version(2, 1, 'Seeded v2') },
  ]);
  const { page } = await setUp(openPage, openExtensionPage, tabIdOf);
  await expect(page.locator('#shop-title')).toHaveText('Seeded v2');
  await markPage(page);

  const manager = await openExtensionPage('panel/manager.html');
  const card = manager.getByRole('article', { name: 'Seeded' });
  await card.getByRole('button', { name: 'History' }).click();
  await card.getByRole('button', { name: 'Version 1' }).click();
  await card.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(card.getByRole('alert')).toHaveText('Version 1 was written for API version 0, which this extension no longer runs; nothing was changed.');
  await expect(manager.getByRole('dialog')).toHaveCount(0);
  await expect(card.getByRole('list', { name: 'Versions, newest first' }).getByRole('button')).toHaveText(['Version 2 (current)', 'Version 1']);
  await page.waitForTimeout(500);
  expect(await wasReloaded(page)).toBe(false);
  await expect(page.locator('#shop-title')).toHaveText('Seeded v2');
});

/** Restore approvals the worker has stored (used or not), read from its own database. */
async function restoreApprovals(serviceWorker: { evaluate: <R>(fn: () => R | Promise<R>) => Promise<R> }): Promise<number> {
  return serviceWorker.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('remixlet');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('approvals').objectStore('approvals').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            open.result.close();
            resolve((all.result as Array<{ reasons?: string[] }>).filter((a) => a.reasons?.includes('restore')).length);
          };
        };
      }),
  );
}

test('a double click on "Restore version N" asks the worker for one restore approval, not two', async ({ serviceWorker, openPage, openExtensionPage, tabIdOf }) => {
  const { install } = await setUp(openPage, openExtensionPage, tabIdOf);
  const v1 = await install(retitle('Retitle', 'Remixed Shop'));
  await install(retitle('Retitle', 'Remixed v2'), v1.remixletId);

  const manager = await openExtensionPage('panel/manager.html');
  const card = manager.getByRole('article', { name: 'Retitle' });
  await card.getByRole('button', { name: 'History' }).click();
  const versions = card.getByRole('list', { name: 'Versions, newest first' });
  await versions.getByRole('button', { name: 'Version 1' }).click();
  await card.locator('section.version').getByRole('button', { name: 'Restore version 1' }).dblclick();
  const confirm = manager.getByRole('dialog', { name: 'Restore version 1 of this remixlet?' });
  await confirm.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(manager.getByRole('status')).toHaveText('Restored version 1 as version 3; the tabs it runs on reloaded.');
  await expect(versions.getByRole('button')).toHaveText(['Version 3 (current)', 'Version 2', 'Version 1']);
  expect(await restoreApprovals(serviceWorker)).toBe(1);
});
