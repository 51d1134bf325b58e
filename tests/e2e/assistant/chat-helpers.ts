// Helpers for assistant tests: set up the panel's provider through its settings form, as a person would, send
// a message and wait for the turn to end, read what the chat shows.
import type { Page } from '@playwright/test';
import { expect } from '../harness';
import type { Sites } from '../harness/sites';
import { openPanel } from '../remixlet';
import type { ScriptedModel } from './scripted-model';

export async function configureProvider(
  panel: Page,
  s: { kind?: string; baseURL?: string; apiKey?: string; model?: string; idleSeconds?: number },
): Promise<void> {
  const form = panel.locator('form.provider-settings');
  if (!(await form.isVisible())) await panel.getByRole('button', { name: 'Settings' }).click();
  await form.locator('select[name=kind]').selectOption(s.kind ?? 'openai-compatible');
  if (s.baseURL !== undefined) await form.locator('input[name=baseURL]').fill(s.baseURL);
  await form.locator('input[name=apiKey]').fill(s.apiKey ?? '');
  await form.locator('input[name=model]').fill(s.model ?? 'scripted');
  await form.locator('input[name=idleSeconds]').fill(String(s.idleSeconds ?? 30));
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.locator('.connection')).toHaveText('Saved.');
  await panel.getByRole('button', { name: 'Settings' }).click();
}

export async function send(panel: Page, text: string): Promise<void> {
  const before = await panel.locator('.chat .user').count();
  await panel.getByLabel('Message').fill(text);
  await panel.getByRole('button', { name: 'Send' }).click();
  // The message shows once it is on its way to the model (a provider is set and the chat started).
  await expect(panel.locator('.chat .user')).toHaveCount(before + 1);
}

/** Waits until the chat is no longer working. */
export async function idle(panel: Page, timeout = 20_000): Promise<void> {
  await expect(panel.locator('.chat .working')).toHaveCount(0, { timeout });
}

export async function entries(panel: Page): Promise<string[]> {
  return panel.locator('.chat .entries > li').allInnerTexts();
}

/**
 * A chat ready to send: the scripted model served on its host, the page open, the side panel bound to the
 * page's tab and set to the model's endpoint (plus any other provider fields).
 */
export async function chatOn(
  f: { openPage: (host: string, path?: string) => Promise<Page>; tabIdOf: (p: Page) => Promise<number>; openExtensionPage: (path: string) => Promise<Page>; sites: Sites },
  model: ScriptedModel,
  where: { host: string; path?: string },
  provider: Omit<Parameters<typeof configureProvider>[1], 'baseURL'> = {},
): Promise<{ page: Page; tabId: number; panel: Page }> {
  const baseURL = model.install(f.sites);
  const page = await f.openPage(where.host, where.path ?? '/index.html');
  const tabId = await f.tabIdOf(page);
  const panel = await openPanel(f.openExtensionPage, tabId);
  await configureProvider(panel, { ...provider, baseURL });
  return { page, tabId, panel };
}
