// The assistant builds a remixlet end to end in a real Chromium, driven by a scripted model over the same
// OpenAI-compatible provider code a person uses: it inspects the page, asks for a permission (the person
// clicks Allow on a card of fixed text), writes the files, saves them, and the remixlet runs on the next
// visit without the model. The whole session sends nothing anywhere but the provider and the site.
import { BACKGROUND_EXCLUSIONS } from '../harness/proxy';
import { test, expect } from '../harness';
import { readLog, uiCall } from '../remixlet';
import { ScriptedModel, type Turn } from './scripted-model';
import { chatOn, idle, send } from './chat-helpers';

const SCRIPT = `
const hidden = [];
rmx.keep('no promos', {
  check: async () => (await dom.queryAll('.promo', { limit: 20 })).length === 0,
  repair: async () => {
    for (const h of await dom.queryAll('.promo', { limit: 20 })) { hidden.push(await h.text()); await h.remove(); }
    await rmx.storage.set('hidden', hidden.length);
  },
});
rmx.log('promos removed', hidden.length);
`;

const MANIFEST = JSON.stringify({
  name: 'No promos',
  description: 'Removes the promo banners',
  matches: ['*://shop.test/*'],
  runAt: 'document_idle',
  permissions: [{ name: 'storage', reason: 'remember how many promos were removed' }],
});

function builder(turn: Turn) {
  const last = turn.last;
  switch (turn.step) {
    case 0:
      return { text: 'Let me look at the page first.', toolCalls: [{ name: 'outline_page', args: {} }] };
    case 1:
      return { toolCalls: [{ name: 'query_elements', args: { selector: '.promo', html: true } }] };
    case 2:
      return { toolCalls: [{ name: 'inspect_styles', args: { selector: '.promo', properties: ['display', 'background-color'] } }] };
    case 3:
      return { toolCalls: [{ name: 'request_permissions', args: { permissions: [{ name: 'storage', reason: 'remember how many promos were removed' }] } }] };
    case 4:
      if (!last?.content.includes('allowed')) return { text: 'Understood, I will not use storage.' };
      return { toolCalls: [{ name: 'write_files', args: { files: { 'manifest.json': MANIFEST, 'script.js': SCRIPT } } }] };
    case 5:
      return { toolCalls: [{ name: 'save_remixlet', args: {} }] };
    case 6: {
      const saved = JSON.parse(last?.content ?? '{}') as { status?: string; remixletId?: string };
      return saved.status === 'activated' ? { toolCalls: [{ name: 'read_log', args: { remixletId: saved.remixletId } }] } : { text: `Saving failed: ${last?.content}` };
    }
    default:
      // Read right after the save: the log must already hold the line the remixlet wrote as it started.
      return { text: `Done. The remixlet **No promos** is saved: ${last?.name === 'read_log' && last.content.includes('promos removed') ? 'it runs on every visit' : `its log said ${last?.content}`}.` };
  }
}

test('a scripted model builds a remixlet that runs on the next visit; only the provider and the site see traffic', async ({ openPage, openExtensionPage, tabIdOf, sites, witness }) => {
  const model = new ScriptedModel(builder);
  const { page: shop, panel } = await chatOn({ openPage, tabIdOf, openExtensionPage, sites }, model, { host: 'shop.test' });
  await witness.clear();

  await send(panel, 'Hide the promo banners on this shop, and remember how many you hid.');
  // The card appears before any code is written, with fixed text and Allow / Not now.
  const card = panel.locator('section.approval[data-approval-kind="permissions"]');
  await expect(card).toBeVisible();
  await expect(card.locator('.rows li')).toHaveText(['Keep its own data in your browser']);
  await expect(card).not.toContainText('remember how many');
  // It says who it is for: no files are written yet, so the remixlet has no name.
  await expect(card.locator('.for-whom')).toHaveText('For the remixlet the agent is writing in this chat; it has no name yet.');
  await card.screenshot({ path: test.info().outputPath('permission-card.png') });
  expect(model.requests.some((r) => r.body.messages.some((m) => m.role === 'tool' && JSON.stringify(m.content).includes('write_files')))).toBe(false);
  await expect(panel.locator('.chat .tool[data-tool="write_files"]')).toHaveCount(0);
  await card.getByRole('button', { name: 'Allow' }).click();
  await idle(panel);

  // What the assistant looked at and did is listed in the chat.
  const tools = panel.locator('.chat .tool');
  await expect(tools.locator('.tool-what')).toHaveText([
    'Looked at the outline of the page',
    'Looked at elements matching .promo',
    'Inspected styles of .promo',
    'Asked for permission to: keep its own data in your browser',
    'Wrote manifest.json, script.js to the draft',
    'Asked to save the draft',
    // By the name it runs under on this page, not its id.
    'Read the log of the remixlet “No promos”',
  ]);
  await expect(panel.locator('.chat .tool:not([data-state="done"])')).toHaveCount(0);
  await expect(panel.locator('.chat .tool[data-tool="request_permissions"] .tool-state')).toHaveText('allowed');
  await expect(panel.locator('.chat .tool[data-tool="save_remixlet"] .tool-state')).toHaveText('saved: version 1 applies');
  // Under the save, what the saved code can do, computed from the files (not the model's summary).
  await expect(panel.locator('.chat .tool[data-tool="save_remixlet"] .can-do li')).toHaveText([
    'Runs on shop.test, all pages',
    /^Hides, moves or changes parts of the page \(line \d+\)$/,
    /^Reads text from the page \(line \d+\)$/,
    /^Keeps data between visits \(storage\) \(line \d+\)$/,
    /^Writes to its log, which the agent can read \(line \d+\)$/,
  ]);
  await panel.locator('.chat').screenshot({ path: test.info().outputPath('saved-with-can-do.png') });
  await expect(panel.locator('.chat .assistant').last()).toContainText('Done. The remixlet No promos is saved: it runs on every visit.');
  await expect(panel.locator('.chat .assistant strong')).toHaveText('No promos');
  // No activation dialog: the remixlet stays on the chat's site with what the person allowed.
  await expect(panel.locator('section.approval')).toHaveCount(0);
  // The model saw the page as data: the outline carried the promo text and never the password value.
  const seen = model.allToolResults().join('\n');
  expect(seen).toContain('Summer sale! 50% off everything.');
  expect(seen).not.toContain('hunter2-secret');
  // The provider got no key (none was entered) and every request went to the configured endpoint.
  expect(model.requests.every((r) => r.authorization === undefined && r.host === 'model.test')).toBe(true);

  // A later visit: the remixlet runs without the model.
  const before = model.requests.length;
  await shop.reload();
  await expect(shop.locator('.promo')).toHaveCount(0);
  const list = await uiCall<Array<{ id: string; name: string; permissions: Array<{ name: string }> }>>(panel, 'list', {}, 'query');
  expect(list.map((r) => [r.name, r.permissions.map((p) => p.name)])).toEqual([['No promos', ['storage']]]);
  const remixletId = list[0]!.id;
  await expect.poll(async () => (await readLog(panel, remixletId)).map((e) => e.message).join('|')).toContain('promos removed');
  expect(model.requests.length).toBe(before);

  await witness.expectNoHits();
  const hosts = new Set(witness.log().map((r) => r.host));
  for (const h of hosts) expect(['shop.test', 'model.test', ...BACKGROUND_EXCLUSIONS.map((e) => e.host)]).toContain(h);
});

/** A chat on shop.test whose model saves a remixlet for shop.test and news.test: the activation dialog asks. */
async function askToRunAlsoOnNews(fixtures: Parameters<typeof chatOn>[0]) {
  const wide = JSON.stringify({ name: 'Shop and news', description: 'two sites', matches: ['*://shop.test/*', '*://news.test/*'], runAt: 'document_idle', permissions: [] });
  const model = new ScriptedModel((turn) => {
    if (turn.step === 0) return { toolCalls: [{ name: 'write_files', args: { files: { 'manifest.json': wide, 'script.js': "rmx.log('wide');" } } }] };
    if (turn.step === 1) return { toolCalls: [{ name: 'save_remixlet', args: {} }] };
    return { text: `Result: ${turn.last?.content}` };
  });
  const { panel } = await chatOn(fixtures, model, { host: 'shop.test' });
  await send(panel, 'Do the same on the news site too.');
  return { panel, dialog: panel.locator('section.approval[data-approval-kind="activation"]') };
}

test('the activation dialog appears when the worker says so; "Allow and apply" activates exactly the saved files', async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  const { panel, dialog } = await askToRunAlsoOnNews({ openPage, tabIdOf, openExtensionPage, sites });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('h2')).toHaveText('Apply this remixlet?');
  await expect(dialog.locator('.reasons li')).toHaveText(['It would run on sites other than this one.']);
  await expect(dialog).toContainText('Runs on: shop.test, news.test');
  // Named, in its own quoted element, as the name the assistant gave it; and what its code can do, from the files.
  await expect(dialog.locator('.for-whom')).toHaveText('For the remixlet the agent named “Shop and news”.');
  await expect(dialog.locator('.can-do li')).toHaveText(['Runs on shop.test, all pages', 'Runs on news.test, all pages', 'Writes to its log, which the agent can read (line 1)']);
  await dialog.screenshot({ path: test.info().outputPath('activation-dialog.png') });
  await expect(dialog.getByRole('button')).toHaveText(['Allow and apply', "Don't allow"]);
  await dialog.getByRole('button', { name: 'Allow and apply' }).click();
  await idle(panel);
  await expect(panel.locator('.chat .assistant').last()).toContainText('"status":"activated"');
  const list = await uiCall<Array<{ name: string; matches: string[] }>>(panel, 'list', {}, 'query');
  expect(list.map((r) => [r.name, r.matches])).toEqual([['Shop and news', ['*://shop.test/*', '*://news.test/*']]]);
});

test('a double click on "Allow and apply" applies once and says so; no reason code reaches the person', async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  const { panel, dialog } = await askToRunAlsoOnNews({ openPage, tabIdOf, openExtensionPage, sites });
  await expect(dialog).toBeVisible();
  // Every text the status line shows, however briefly: a refused second answer used to flash its code there.
  await panel.evaluate(() => {
    const status = document.querySelector('p.status')!;
    const seen: string[] = [];
    (window as unknown as { statusSeen: string[] }).statusSeen = seen;
    new MutationObserver(() => seen.push(status.textContent ?? '')).observe(status, { childList: true, characterData: true, subtree: true });
  });
  await dialog.getByRole('button', { name: 'Allow and apply' }).dblclick();
  await idle(panel);
  await expect(panel.locator('.chat .assistant').last()).toContainText('"status":"activated"');
  await expect(panel.locator('p.status')).toHaveText('Applied version 1.');
  await expect(panel.locator('main')).not.toContainText('APPROVAL_');
  expect(await panel.evaluate(() => (window as unknown as { statusSeen: string[] }).statusSeen.filter((t) => t))).toEqual(['Applied version 1.']);
  const list = await uiCall<Array<{ name: string; version: number }>>(panel, 'list', {}, 'query');
  expect(list.map((r) => [r.name, r.version])).toEqual([['Shop and news', 1]]);
});
