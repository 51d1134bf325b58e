// Remixlet-specific helpers on top of the harness: talk to the worker as the side panel does (over a
// `ui` port from the panel page, which the worker's sender check admits), install a remixlet through the
// worker's own activation path with the clicks a person would make, read logs, count sandboxes.
import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './harness';

export interface RemixletFiles {
  'manifest.json': string;
  'script.js'?: string;
  'style.css'?: string;
  'rules.json'?: string;
}

/**
 * Runs a change the worker answers by reloading `page`'s tab (switching a remixlet off, pausing its site),
 * then waits until that reload has replaced the document and it has loaded: what the test does next meets
 * the new page, never one that a reload is about to replace.
 */
export async function afterWorkerReload<T>(page: Page, change: () => Promise<T>): Promise<T> {
  await page.evaluate(() => ((window as unknown as { __beforeWorkerReload?: true }).__beforeWorkerReload = true));
  const value = await change();
  await expect
    .poll(() => page.evaluate(() => document.readyState === 'complete' && !('__beforeWorkerReload' in window)).catch(() => false), { timeout: 30_000 })
    .toBe(true);
  return value;
}

/** One tRPC call over a fresh `ui` port from an extension page, exactly as trpc-chrome frames it. */
export async function uiCall<T = unknown>(extPage: Page, path: string, input: unknown, method: 'query' | 'mutation' = 'mutation'): Promise<T> {
  const reply = await extPage.evaluate(
    ({ path, input, method }) =>
      new Promise<{ result?: { data: unknown }; error?: { message: string; data?: { refusal?: unknown } } }>((resolve) => {
        const port = chrome.runtime.connect({ name: 'ui' });
        const id = Math.floor(Math.random() * 1e9);
        port.onMessage.addListener((msg: { trpc?: { id?: unknown; result?: { data: unknown }; error?: { message: string } } }) => {
          if (msg?.trpc?.id !== id) return;
          port.disconnect();
          resolve(msg.trpc as never);
        });
        port.onDisconnect.addListener(() => resolve({ error: { message: 'port closed' } }));
        port.postMessage({ trpc: { id, method, params: { path, input } } });
      }),
    { path: `ui.${path}`, input, method },
  );
  if (reply.error) throw new Error(`ui.${path} refused: ${JSON.stringify(reply.error.data?.refusal ?? reply.error.message)}`);
  return reply.result!.data as T;
}

export function manifest(fields: { name?: string; matches: string[]; runAt?: string; permissions?: Array<{ name: string; reason: string }>; excludeMatches?: string[] }): string {
  return JSON.stringify({ name: fields.name ?? 'Test remixlet', description: 'made by a test', runAt: 'document_idle', permissions: [], ...fields });
}

export async function openPanel(openExtensionPage: (p: string) => Promise<Page>, tabId: number): Promise<Page> {
  const panel = await openExtensionPage(`panel/panel.html?tab=${tabId}`);
  await expect(panel.locator('.bound-tab')).toHaveAttribute('data-tab-id', String(tabId));
  return panel;
}

/** Asks for permissions with a card and clicks "Allow" on it, as a person would. */
export async function allowPermissions(panel: Page, tabId: number, permissions: Array<{ name: string; reason: string }>): Promise<void> {
  const card = await uiCall<{ approvalId: string }>(panel, 'requestPermissions', { tabId, permissions });
  const section = panel.locator(`section.approval[aria-labelledby="t-${card.approvalId}"]`);
  await section.getByRole('button', { name: 'Allow' }).click();
  await expect(panel.locator('.status')).toHaveText('Allowed: the agent may use it now.');
}

export interface Installed {
  remixletId: string;
  version: number;
  dialogShown: boolean;
}

/** Saves files through the worker's activation path; clicks "Allow and apply" if the dialog appears. */
export async function install(panel: Page, tabId: number, files: RemixletFiles, remixletId?: string): Promise<Installed> {
  const result = await uiCall<{ status: string; remixletId?: string; version?: number; approval?: { approvalId: string }; refusals?: unknown[] }>(panel, 'save', {
    tabId,
    files,
    ...(remixletId ? { remixletId } : {}),
  });
  if (result.status === 'activated') return { remixletId: result.remixletId!, version: result.version!, dialogShown: false };
  if (result.status === 'refused') throw new Error(`save refused: ${JSON.stringify(result.refusals)}`);
  const dialog = panel.locator(`section.approval[aria-labelledby="t-${result.approval!.approvalId}"]`);
  await dialog.getByRole('button', { name: 'Allow and apply' }).click();
  await expect(panel.locator('.status')).toHaveText(/Applied version \d+\./);
  const version = Number((await panel.locator('.status').textContent())!.match(/version (\d+)/)![1]);
  const list = await uiCall<Array<{ id: string; version: number }>>(panel, 'list', {}, 'query');
  const found = list.find((r) => r.version === version && (!remixletId || r.id === remixletId));
  return { remixletId: found!.id, version, dialogShown: true };
}

export async function readLog(extPage: Page, remixletId: string): Promise<Array<{ level: string; message: string; refusal?: { code: string } }>> {
  return uiCall(extPage, 'readLog', { remixletId }, 'query');
}

/** Whether a page has this extension's content script: an isolated world owned by the extension. */
export async function hasPageAgent(page: Page, extensionId: string): Promise<boolean> {
  const cdp = await page.context().newCDPSession(page);
  const origins: string[] = [];
  cdp.on('Runtime.executionContextCreated', (e: { context: { origin: string } }) => origins.push(e.context.origin));
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.disable');
  await cdp.detach();
  return origins.some((o) => o === `chrome-extension://${extensionId}`);
}

/** Stops every service worker of the browser over CDP, as Chrome does when it idles one out, and waits until it has. */
export async function stopServiceWorkers(context: BrowserContext, via: Page): Promise<void> {
  const session = await context.newCDPSession(via);
  const stopped = new Promise<void>((resolve) => {
    session.on('ServiceWorker.workerVersionUpdated', (e: { versions: Array<{ runningStatus: string; scriptURL: string }> }) => {
      if (e.versions.some((v) => v.scriptURL.startsWith('chrome-extension://') && v.runningStatus === 'stopped')) resolve();
    });
  });
  await session.send('ServiceWorker.enable');
  await session.send('ServiceWorker.stopAllWorkers');
  await stopped;
  await session.detach().catch(() => undefined);
}
