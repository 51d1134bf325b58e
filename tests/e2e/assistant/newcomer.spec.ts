// What a newcomer meets, in a real Chromium with a scripted model: an empty panel that says what to do
// first, a connection test that keeps what worked, tool rows that say how each call really ended (a
// refused save, a declined card), a screenshot tool offered only where it can work, and History showing
// what each version's code can do, computed from its files. Screenshots of each land in test-results/.
import { test, expect } from '../harness';
import { install, openPanel, uiCall } from '../remixlet';
import { ScriptedModel } from './scripted-model';
import { chatOn, idle, send } from './chat-helpers';
import { setUp, retitle } from '../ui/ui-helpers';

test('first run: the empty panel says to connect a model; a test that connects is kept, and Send works without Save', async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  const model = new ScriptedModel(() => ({ text: 'Hello.' }));
  const baseURL = model.install(sites);
  const shop = await openPage('shop.test', '/index.html');
  const panel = await openPanel(openExtensionPage, await tabIdOf(shop));
  const first = panel.getByRole('region', { name: 'First, connect an AI model' });
  await expect(first).toBeVisible();
  await panel.screenshot({ path: test.info().outputPath('first-run.png') });

  await first.getByRole('button', { name: 'Set up a provider' }).click();
  const form = panel.locator('form.provider-settings');
  await form.locator('input[name=baseURL]').fill(baseURL);
  await form.locator('input[name=model]').fill('scripted');
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.locator('.connection')).toHaveText('Connected: scripted answered. Saved: the chat uses these settings.');
  await expect(panel.getByRole('button', { name: 'Settings', exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Settings' }).click();
  await expect(first).toHaveCount(0);

  await send(panel, 'Say hello');
  await idle(panel);
  await expect(panel.locator('.chat .assistant').last()).toContainText('Hello.');
  await expect(panel.locator('.chat .error')).toHaveCount(0);
});

test('a screenshot is offered only where it can work: not to a chat in a tab of the page’s own window, and taken from another window', async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  const model = new ScriptedModel((turn) => {
    if (turn.tools.includes('capture_page') && turn.step === 0) return { toolCalls: [{ name: 'capture_page', args: {} }] };
    return { text: turn.tools.includes('capture_page') ? `Took it: ${turn.last?.content.slice(0, 40)}` : 'No screenshot tool here.' };
  });
  const { panel, tabId } = await chatOn({ openPage, tabIdOf, openExtensionPage, sites }, model, { host: 'shop.test' });
  // Put the chat's tab in the page's window, where the page hides behind it while the chat is used.
  await panel.evaluate(async (pageTab) => {
    const here = (await chrome.tabs.getCurrent())!;
    const page = await chrome.tabs.get(pageTab);
    if (here.windowId !== page.windowId) await chrome.tabs.move(here.id!, { windowId: page.windowId, index: -1 });
  }, tabId);
  await send(panel, 'What does the page look like?');
  await idle(panel);
  let last = model.requests.at(-1)!;
  expect(last.body.tools?.map((t) => t.function.name)).not.toContain('capture_page');
  expect(JSON.stringify(last.body.messages)).toContain('capture_page is not available in this chat');
  await expect(panel.locator('.chat .tool[data-tool="capture_page"]')).toHaveCount(0);

  // In a window of its own, the page stays visible: the tool is offered and the screenshot is taken.
  await panel.evaluate(async (pageTab) => {
    const here = (await chrome.tabs.getCurrent())!;
    await chrome.windows.create({ tabId: here.id! });
    await chrome.tabs.update(pageTab, { active: true });
  }, tabId);
  await send(panel, 'And now?');
  await idle(panel);
  last = model.requests.at(-1)!;
  expect(last.body.tools?.map((t) => t.function.name)).toContain('capture_page');
  await expect(panel.locator('.chat .tool[data-tool="capture_page"]')).toHaveAttribute('data-state', 'done');
});

test('a refused save and a declined card say so in their rows, not "done"', async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  const broken = JSON.stringify({ name: 'Broken', matches: ['*://shop.test/*'], runAt: 'document_idle', permissions: [] });
  const model = new ScriptedModel((turn) => {
    switch (turn.step) {
      case 0:
        return { toolCalls: [{ name: 'request_permissions', args: { permissions: [{ name: 'storage', reason: 'remember things' }] } }] };
      case 1:
        return { toolCalls: [{ name: 'write_files', args: { files: { 'manifest.json': broken, 'script.js': 'rmx.log(' } } }] };
      case 2:
        return { toolCalls: [{ name: 'save_remixlet', args: {} }] };
      default:
        return { text: 'The save was refused.' };
    }
  });
  const { panel } = await chatOn({ openPage, tabIdOf, openExtensionPage, sites }, model, { host: 'shop.test' });
  await send(panel, 'Hide the promo');
  const card = panel.locator('section.approval[data-approval-kind="permissions"]');
  await card.getByRole('button', { name: 'Not now' }).click();
  await expect(panel.locator('.status')).toHaveText('Not allowed for now; the agent was told.');
  await idle(panel);
  const asked = panel.locator('.chat .tool[data-tool="request_permissions"]');
  await expect(asked).toHaveAttribute('data-state', 'declined');
  await expect(asked.locator('.tool-state')).toHaveText('declined: you chose "Not now"');
  const save = panel.locator('.chat .tool[data-tool="save_remixlet"]');
  await expect(save).toHaveAttribute('data-state', 'refused');
  await expect(save.locator('.tool-state')).toHaveText('refused: 1 problem to fix, nothing was saved');
  await expect(save.locator('.can-do')).toHaveCount(0);
  // A draft its checks found a problem in is written, but its row is not drawn as all well (green).
  const wrote = panel.locator('.chat .tool[data-tool="write_files"]');
  await expect(wrote.locator('.tool-state')).toHaveText('written; the checks found 1 problem');
  await expect(wrote).toHaveCSS('border-left-color', 'rgb(178, 80, 0)');
  // The card's answer was news during the turn; once the turn is over the status line does not repeat it.
  await expect(panel.locator('.status')).toHaveText('');
  await panel.locator('.chat').screenshot({ path: test.info().outputPath('refused-save.png') });
});

test('History lists what each version’s code can do, and what a new version added or dropped', async ({ openPage, openExtensionPage, tabIdOf }) => {
  const { tabId, panel } = await setUp(openPage, openExtensionPage, tabIdOf);
  const v1 = await install(panel, tabId, retitle('Dark mode', 'Remixed Shop'));
  // The second version also reads the search field and logs it: what a fooled model might slip in.
  const plain = retitle('Dark mode', 'Remixed Shop');
  const v2 = { ...plain, 'script.js': `${plain['script.js'] ?? ''}\nconst q = await dom.query('input');\nif (q) rmx.log('typed', await q.value());` };
  await install(panel, tabId, v2, v1.remixletId);

  const manager = await openExtensionPage('panel/manager.html');
  const card = manager.getByRole('article', { name: 'Dark mode' });
  await expect(card.locator('.sites li')).toHaveText(['shop.test, all pages']);
  await card.getByRole('button', { name: 'History' }).click();
  const shown = card.locator('section.version');
  await expect(shown).toHaveAttribute('data-version', '2');
  const canDo = shown.getByRole('region', { name: 'What the code of version 2 can do, and what changed' });
  await expect(canDo.locator('li[data-change="added"]')).toHaveText([/^New: Reads what is typed into forms \(line \d+\)$/, /^New: Writes to its log, which the agent can read \(line \d+\)$/]);
  await expect(canDo.locator('li[data-change="same"]')).toHaveText(['Runs on shop.test, all pages', /^Hides, moves or changes parts of the page/, /^Reads text from the page/]);
  await canDo.screenshot({ path: test.info().outputPath('history-can-do.png') });

  await card.getByRole('list', { name: 'Versions, newest first' }).getByRole('button', { name: 'Version 1' }).click();
  await expect(shown).toHaveAttribute('data-version', '1');
  // A first version: nothing is "new" or "now also"; it just says what it does.
  await expect(shown.getByRole('region', { name: 'What the code of version 1 can do' }).locator('li[data-change="added"]')).toHaveCount(0);
  await expect(shown).not.toContainText('Now also runs on');
  expect((await uiCall<unknown[]>(panel, 'list', {}, 'query')).length).toBe(1);
});

test('a permission card names the draft it is for, and its "Allowed" leaves the status line once the turn is over', async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  let goOn: () => void = () => undefined;
  const held = new Promise<void>((r) => (goOn = r));
  const draft = JSON.stringify({ name: 'Price keeper', matches: ['*://shop.test/*'], runAt: 'document_idle', permissions: [] });
  const model = new ScriptedModel(async (turn) => {
    switch (turn.step) {
      case 0:
        return { toolCalls: [{ name: 'write_files', args: { files: { 'manifest.json': draft, 'script.js': "rmx.log('prices');" } } }] };
      case 1:
        return { toolCalls: [{ name: 'request_permissions', args: { permissions: [{ name: 'storage', reason: 'remember prices' }] } }] };
      default:
        // The turn goes on after the card's answer until the test has read the status line.
        await held;
        return { text: 'Allowed, thanks.' };
    }
  });
  const { panel } = await chatOn({ openPage, tabIdOf, openExtensionPage, sites }, model, { host: 'shop.test' });
  await send(panel, 'Remember the prices');
  const card = panel.locator('section.approval[data-approval-kind="permissions"]');
  await expect(card.locator('.for-whom')).toHaveText('For the remixlet the agent named “Price keeper”, which it is writing in this chat.');
  await expect(card.locator('.for-whom .assistant-name')).toHaveText('Price keeper');
  await card.getByRole('button', { name: 'Allow' }).click();
  await expect(panel.locator('.status')).toHaveText('Allowed: the agent may use it now.');
  await expect(panel.locator('.chat .working')).not.toHaveCount(0);
  goOn();
  await idle(panel);
  await expect(panel.locator('.chat .tool[data-tool="request_permissions"] .tool-state')).toHaveText('allowed');
  await expect(panel.locator('.status')).toHaveText('');
});

test('an update that adds a capability and drops another says "New:" and "No longer:" on its dialog, under its save and in History', async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  let remixletId = '';
  const v1 = retitle('Title keeper', 'Remixed Shop');
  v1['script.js'] = `${v1['script.js']}\nrmx.log('kept the title');`;
  const v2 = {
    'manifest.json': JSON.stringify({ name: 'Title keeper', description: 'd', matches: ['*://shop.test/*', '*://news.test/*'], runAt: 'document_idle', permissions: [] }),
    'script.js': `${retitle('Title keeper', 'Remixed Shop')['script.js']}\nawait (await dom.query('#shop-title')).click();`,
  };
  const model = new ScriptedModel((turn) => {
    if (turn.step === 0) return { toolCalls: [{ name: 'write_files', args: { files: v2 } }] };
    if (turn.step === 1) return { toolCalls: [{ name: 'save_remixlet', args: { remixletId } }] };
    return { text: 'Updated.' };
  });
  const { panel, tabId } = await chatOn({ openPage, tabIdOf, openExtensionPage, sites }, model, { host: 'shop.test' });
  remixletId = (await install(panel, tabId, v1)).remixletId;
  await send(panel, 'Also on the news site, and click the title');

  const expected = [
    'Runs on shop.test, all pages',
    'New: Runs on news.test, all pages',
    /^Hides, moves or changes parts of the page \(lines? [\d, ]+\)$/,
    /^Reads text from the page \(lines? [\d, ]+\)$/,
    /^New: Clicks things on the page \(a click can follow a link or submit a form\) \(line \d+\)$/,
    'No longer: Writes to its log, which the agent can read',
  ];
  const dialog = panel.locator('section.approval[data-approval-kind="activation"]');
  const dialogList = dialog.getByRole('region', { name: 'What its code can do, and what changes' });
  await expect(dialogList.locator('li')).toHaveText(expected);
  await expect(dialogList.locator('li[data-change="removed"] strong')).toHaveText(['No longer:']);
  // Only the dropped words are struck through; "No longer:" stays plain to read.
  await expect(dialogList.locator('li[data-change="removed"]')).toHaveCSS('text-decoration-line', 'none');
  await expect(dialogList.locator('li[data-change="removed"] .can-do-text')).toHaveCSS('text-decoration-line', 'line-through');
  await dialog.screenshot({ path: test.info().outputPath('activation-dialog-update.png') });
  await dialog.getByRole('button', { name: 'Allow and apply' }).click();
  await idle(panel);

  const saveRow = panel.locator('.chat .tool[data-tool="save_remixlet"]');
  await expect(saveRow.locator('.tool-state')).toHaveText('saved: version 2 applies');
  await expect(saveRow.getByRole('region', { name: 'What the saved code can do, and what changed' }).locator('li')).toHaveText(expected);
  await panel.locator('.chat').screenshot({ path: test.info().outputPath('saved-update-can-do.png') });

  const manager = await openExtensionPage('panel/manager.html');
  const card = manager.getByRole('article', { name: 'Title keeper' });
  await card.getByRole('button', { name: 'History' }).click();
  const history = card.locator('section.version').getByRole('region', { name: 'What the code of version 2 can do, and what changed' });
  await expect(history.locator('li')).toHaveText(expected);
  await expect(history.locator('li[data-change="removed"]')).toHaveText(['No longer: Writes to its log, which the agent can read']);
});
