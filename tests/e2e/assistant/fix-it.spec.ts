// A remixlet that breaks is noticed, and fixed from where it broke. A fixture site redesigns between
// visits: a remixlet written for its old markup turns "Not working" after three visits to the new one, with
// no model involved; "Fix it" in the popup opens the chat on that page with the remixlet loaded, and the
// first request to the scripted model carries the failure (its log, the selector that found nothing, an
// outline of the page around where it used to match) and the current code; the model's new version goes
// through the usual save (no dialog: it asks for nothing new), works on the redesigned site, and History
// shows both versions. From the manager, which belongs to no tab, Fix it opens the page where it broke with
// a chat bound to that new tab. A fix that would widen where the remixlet runs waits for the activation
// dialog like any save, and "Don't allow" leaves the version that was there.
import type { Page } from '@playwright/test';
import { test, expect } from '../harness';
import { install, manifest, readLog, uiCall } from '../remixlet';
import { ScriptedModel, type Turn } from './scripted-model';
import { chatOn, idle } from './chat-helpers';

const HOST = 'redesign.test';

/** The site's front page, before and after its redesign: the headline moved from .headline to .story-title. */
function frontPage(design: 'old' | 'new'): string {
  const story =
    design === 'old'
      ? '<article class="story"><h2 class="headline">Town hall reopens</h2><p>Doors open at nine.</p></article>'
      : '<article class="story story--lead"><header><h2 class="story-title">Town hall reopens</h2></header><p>Doors open at nine.</p></article>';
  return `<!doctype html><html><head><meta charset="utf-8"><title>Redesign Daily</title></head><body><main id="stories">${story}</main></body></html>`;
}

const OLD_SCRIPT = `const h = await dom.query('#stories .headline');
if (h) await h.setText('★ ' + (await h.text()));
rmx.log(h ? 'starred the headline' : 'no headline found');`;

const NEW_SCRIPT = OLD_SCRIPT.replaceAll('.headline', '.story-title');

const MANIFEST = manifest({ name: 'Star the headline', matches: [`*://${HOST}/*`] });

/** Reloads and waits until the remixlet logged this visit (its query was answered). */
async function visit(page: Page, panel: Page, remixletId: string): Promise<void> {
  const before = (await readLog(panel, remixletId)).length;
  await page.reload();
  await expect.poll(async () => (await readLog(panel, remixletId)).length).toBeGreaterThan(before);
}

/** The scripted model: writes the new script, saves it over the same remixlet, and says so. */
function fixer(turn: Turn) {
  const done = turn.results.map((r) => r.name);
  if (!done.includes('write_files')) return { toolCalls: [{ name: 'write_files', args: { files: { 'script.js': NEW_SCRIPT } } }] };
  if (!done.includes('save_remixlet')) {
    const id = /remixlet ([a-z0-9]{8,16}), version/.exec(turn.user)?.[1];
    return { toolCalls: [{ name: 'save_remixlet', args: { remixletId: id } }] };
  }
  return { text: `Fixed: the headline is now .story-title. ${turn.last?.content ?? ''}` };
}

test('a remixlet broken by a redesign turns "Not working"; Fix it sends the failure to the model, and its new version works and is in History', async ({
  openPage,
  openExtensionPage,
  tabIdOf,
  sites,
}) => {
  let design: 'old' | 'new' = 'old';
  sites.route(HOST, '/', () => ({ body: frontPage(design), headers: { 'content-type': 'text/html; charset=utf-8' } }));
  const model = new ScriptedModel(fixer);
  const { page, tabId, panel } = await chatOn({ openPage, tabIdOf, openExtensionPage, sites }, model, { host: HOST, path: '/' });
  const { remixletId, version } = await install(panel, tabId, { 'manifest.json': MANIFEST, 'script.js': OLD_SCRIPT });
  expect(version).toBe(1);

  // Written for the old markup, it works there.
  await visit(page, panel, remixletId);
  await expect(page.locator('.headline')).toHaveText('★ Town hall reopens');
  const popup = await openExtensionPage(`panel/popup.html?tab=${tabId}`);
  const health = popup.getByRole('list', { name: 'Remixlets on this page' }).locator('li', { hasText: 'Star the headline' }).locator('.health');
  await expect(health).toHaveAttribute('data-health', 'working');

  // The site redesigns. Two visits are not yet enough to say it broke; the third is.
  design = 'new';
  for (let i = 0; i < 2; i++) await visit(page, panel, remixletId);
  await expect(page.locator('.story-title')).toHaveText('Town hall reopens');
  await expect(health).toHaveAttribute('data-health', 'working');
  await visit(page, panel, remixletId);
  await expect(health).toHaveAttribute('data-health', 'not-working');
  await expect(health).toContainText('Found nothing with #stories .headline');
  expect(model.requests).toHaveLength(0);

  // Fix it: the chat bound to this tab takes the remixlet and sends the model what broke.
  await popup.getByRole('button', { name: 'Fix it: Star the headline' }).click();
  await expect(panel.locator('.chat .user').last()).toContainText('Fix "Star the headline"');
  await idle(panel, 30_000);
  const first = model.requests[0]!.body.messages;
  const userText = JSON.stringify(first.filter((m) => m.role === 'user'));
  expect(userText).toContain('#stories .headline');
  expect(userText).toContain("dom.query('#stories .headline')");
  const results = first.filter((m) => m.role === 'tool').map((m) => JSON.stringify(m.content));
  // Its log, and an outline of the page inside #stories (which still matches), where the headline is now.
  expect(results.some((r) => r.includes('no headline found'))).toBe(true);
  expect(results.some((r) => r.includes('story-title') && r.includes('Town hall reopens'))).toBe(true);

  // The new version went through the usual save: activated, no dialog (it asks for nothing new).
  await expect(panel.locator('section.approval')).toHaveCount(0);
  await expect(panel.locator('.chat .assistant').last()).toContainText('Fixed');
  const list = await uiCall<Array<{ id: string; version: number }>>(panel, 'list', {}, 'query');
  expect(list).toEqual([expect.objectContaining({ id: remixletId, version: 2 })]);

  // It works on the redesigned site, and says so.
  await visit(page, panel, remixletId);
  await expect(page.locator('.story-title')).toHaveText('★ Town hall reopens');
  await expect(health).toHaveAttribute('data-health', 'working');

  // History shows both versions, the fix on top.
  const manager = await openExtensionPage('panel/manager.html');
  const card = manager.getByRole('article', { name: 'Star the headline' });
  await card.getByRole('button', { name: 'History' }).click();
  await expect(card.getByRole('list', { name: 'Versions, newest first' }).getByRole('button')).toHaveText(['Version 2 (current)', 'Version 1']);
  await expect(card.locator('section.version .file-diff[data-file="script.js"] ins')).toContainText(['story-title']);
});

test('Fix it from the manager opens the page where it broke, with a chat beside it that sends the model the failure', async ({
  openPage,
  openExtensionPage,
  tabIdOf,
  sites,
  context,
}) => {
  let design: 'old' | 'new' = 'old';
  sites.route(HOST, '/', () => ({ body: frontPage(design), headers: { 'content-type': 'text/html; charset=utf-8' } }));
  const model = new ScriptedModel(() => ({ text: 'Looking into it.' }));
  const { page, tabId, panel } = await chatOn({ openPage, tabIdOf, openExtensionPage, sites }, model, { host: HOST, path: '/' });
  const { remixletId } = await install(panel, tabId, { 'manifest.json': MANIFEST, 'script.js': OLD_SCRIPT });
  await visit(page, panel, remixletId);
  design = 'new';
  for (let i = 0; i < 3; i++) await visit(page, panel, remixletId);

  const manager = await openExtensionPage('panel/manager.html');
  const card = manager.getByRole('article', { name: 'Star the headline' });
  await expect(card.locator('.health')).toHaveAttribute('data-health', 'not-working');
  const chatTab = context.waitForEvent('page', (p) => p.url().includes('panel/panel.html?tab='));
  await card.getByRole('button', { name: 'Fix it: Star the headline' }).click();
  const chat = await chatTab;
  await expect(chat.locator('.chat .user').last()).toContainText('Fix "Star the headline"');
  await idle(chat, 30_000);
  // The chat is bound to the page it opened, not the tab the test started with.
  const opened = Number(new URL(chat.url()).searchParams.get('tab'));
  expect(opened).not.toBe(tabId);
  const first = JSON.stringify(model.requests[0]!.body.messages);
  expect(first).toContain('#stories .headline');
  expect(first).toContain('story-title');
});

test('a fix that would widen what the remixlet may do waits for the dialog, and "Don\'t allow" keeps the version that was there', async ({
  openPage,
  openExtensionPage,
  tabIdOf,
  sites,
}) => {
  let design: 'old' | 'new' = 'old';
  sites.route(HOST, '/', () => ({ body: frontPage(design), headers: { 'content-type': 'text/html; charset=utf-8' } }));
  // A model fooled by the page: its "fix" also runs the remixlet on another site.
  const widened = manifest({ name: 'Star the headline', matches: [`*://${HOST}/*`, '*://other.test/*'] });
  const model = new ScriptedModel((turn: Turn) => {
    const done = turn.results.map((r) => r.name);
    if (!done.includes('write_files')) return { toolCalls: [{ name: 'write_files', args: { files: { 'manifest.json': widened, 'script.js': NEW_SCRIPT } } }] };
    if (!done.includes('save_remixlet')) return { toolCalls: [{ name: 'save_remixlet', args: { remixletId: /remixlet ([a-z0-9]{8,16}), version/.exec(turn.user)?.[1] } }] };
    return { text: `Saved: ${turn.last?.content ?? ''}` };
  });
  const { page, tabId, panel } = await chatOn({ openPage, tabIdOf, openExtensionPage, sites }, model, { host: HOST, path: '/' });
  const { remixletId } = await install(panel, tabId, { 'manifest.json': MANIFEST, 'script.js': OLD_SCRIPT });
  await visit(page, panel, remixletId);
  design = 'new';
  for (let i = 0; i < 3; i++) await visit(page, panel, remixletId);

  const popup = await openExtensionPage(`panel/popup.html?tab=${tabId}`);
  await popup.getByRole('button', { name: 'Fix it: Star the headline' }).click();
  const dialog = panel.locator('section.approval[data-approval-kind="activation"]');
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toContainText('other.test');
  await dialog.getByRole('button', { name: "Don't allow" }).click();
  await idle(panel, 30_000);
  const list = await uiCall<Array<{ id: string; version: number; matches: string[] }>>(panel, 'list', {}, 'query');
  expect(list).toEqual([expect.objectContaining({ id: remixletId, version: 1, matches: [`*://${HOST}/*`] })]);
});
