// The worker dies between the steps of a save, an activation and a restore (named fault points in the
// test build, then a real stop over CDP). Afterwards no version is lost or half-written, an approval is
// still usable or cleanly gone, and the running remixlet goes on.
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from './harness';
import { install, manifest, openPanel, stopServiceWorkers, uiCall } from './remixlet';

async function armFault(context: BrowserContext, name: string): Promise<void> {
  const sw = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'))!;
  await sw.evaluate((fault) => chrome.storage.session.set({ remixletFault: fault, remixletFaultHit: null }), name);
}

async function killWorkerAt(context: BrowserContext, panel: Page, name: string): Promise<void> {
  const sw = () => context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'))!;
  await expect.poll(async () => (await sw().evaluate(() => chrome.storage.session.get('remixletFaultHit'))).remixletFaultHit, { timeout: 10_000 }).toBe(name);
  await stopServiceWorkers(context, panel);
}

const files = (script: string, matches = ['*://shop.test/*']) => ({ 'manifest.json': manifest({ name: 'Tally', matches }), 'script.js': script });

test('a worker killed mid-save, mid-activation and mid-restore leaves nothing torn', async ({ context, openPage, openExtensionPage, tabIdOf }) => {
  const page = await openPage('shop.test', '/index.html');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  const { remixletId } = await install(panel, tabId, files('rmx.log("v1")'));
  const versions = async () => (await uiCall<Array<{ version: number; files: { 'script.js'?: string } }>>(panel, 'versions', { remixletId }, 'query')).map((v) => [v.version, v.files['script.js']]);

  // 1. Killed between writing version 2 and moving the head: version 1 still runs; the next save skips the orphan.
  await armFault(context, 'commit:between-version-and-head');
  void uiCall(panel, 'save', { tabId, remixletId, files: files('rmx.log("v2")') }).catch(() => undefined);
  await killWorkerAt(context, panel, 'commit:between-version-and-head');
  const listed = await uiCall<Array<{ id: string; version: number }>>(panel, 'list', {}, 'query');
  expect(listed.find((r) => r.id === remixletId)?.version).toBe(1);
  const again = await uiCall<{ status: string; version: number }>(panel, 'save', { tabId, remixletId, files: files('rmx.log("v3")') });
  expect(again).toMatchObject({ status: 'activated', version: 3 });
  expect(await versions()).toEqual([
    [1, 'rmx.log("v1")'],
    [2, 'rmx.log("v2")'],
    [3, 'rmx.log("v3")'],
  ]);

  // 2. Killed after an approval was marked in use: clicking "Allow and apply" again completes it, once.
  const wider = await uiCall<{ status: string; approval: { approvalId: string } }>(panel, 'save', { tabId, remixletId, files: files('rmx.log("v4")', ['*://shop.test/*', '*://news.test/*']) });
  expect(wider.status).toBe('needs-approval');
  await armFault(context, 'approval:after-marked-using');
  void uiCall(panel, 'decide', { approvalId: wider.approval.approvalId, allow: true }).catch(() => undefined);
  await killWorkerAt(context, panel, 'approval:after-marked-using');
  expect(await uiCall(panel, 'decide', { approvalId: wider.approval.approvalId, allow: true })).toMatchObject({ status: 'activated', version: 4 });
  await expect(uiCall(panel, 'decide', { approvalId: wider.approval.approvalId, allow: true })).rejects.toThrow(/APPROVAL_USED/);

  // 3. Killed mid-restore, after the version was written but before the approval was marked used.
  const log = async () => (await uiCall<Array<{ message: string }>>(panel, 'readLog', { remixletId }, 'query')).map((e) => e.message);
  const runsOfV1 = async () => (await log()).filter((m) => m === 'v1').length;
  const v1RunsBefore = await runsOfV1();
  const restore = await uiCall<{ approvalId: string }>(panel, 'requestRestore', { remixletId, version: 1 });
  await armFault(context, 'approval:before-marked-used');
  void uiCall(panel, 'decide', { approvalId: restore.approvalId, allow: true }).catch(() => undefined);
  await killWorkerAt(context, panel, 'approval:before-marked-used');
  expect(await uiCall(panel, 'decide', { approvalId: restore.approvalId, allow: true })).toMatchObject({ status: 'activated', version: 5 });
  expect((await versions()).map(([v]) => v)).toEqual([1, 2, 3, 4, 5]);
  expect((await versions())[4]).toEqual([5, 'rmx.log("v1")']);

  // The remixlet still runs, from the restored version (version 1's code): the worker reloads the tab itself
  // after a restore, so a reload from here would race it.
  await expect.poll(runsOfV1, { timeout: 20_000 }).toBeGreaterThan(v1RunsBefore);
  expect(page.url()).toBe('http://shop.test/index.html');
});
