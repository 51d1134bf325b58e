// The side panel outlives the worker and the worker outlives the panel: a chat whose tab closes while the
// worker was stopped still says so in the open panel, and a permission card answered after a panel reload
// (the turn that asked is gone) still tells the model what the person chose. The person's work survives:
// a half-typed message outlives a panel reload, a message sent before a provider is set up stays in the
// box, and New chat asks before it clears a conversation.
import { test, expect } from '../harness';
import { openPanel, stopServiceWorkers } from '../remixlet';
import { ScriptedModel } from './scripted-model';
import { chatOn, configureProvider, idle, send } from './chat-helpers';

test('a chat stopped while the worker was restarted is announced in the open panel', async ({ context, openPage, openExtensionPage, tabIdOf, sites }) => {
  const model = new ScriptedModel(() => ({ text: 'Looked.' }));
  const { page: shop, panel } = await chatOn({ openPage, tabIdOf, openExtensionPage, sites }, model, { host: 'shop.test' });
  await send(panel, 'Hello');
  await idle(panel);

  await stopServiceWorkers(context, panel);
  // The panel's port dropped with the worker; the tab now leaves the site, which wakes the worker again.
  await shop.goto(sites.url('other.test', '/index.html'));
  await expect(panel.locator('.chat .notice').last()).toHaveText('The chat stopped because its tab left the site it started on. Start a new chat on the page you want to change.');
  await expect(panel.getByLabel('Message')).toBeDisabled();
});

test('a permission card answered after the panel reloaded reaches the model with the next message', async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  const model = new ScriptedModel((turn) => {
    if (turn.messages.some((m) => m.role === 'user' && JSON.stringify(m.content).includes('Note from Remixlet'))) return { text: 'I see the answer to the card.' };
    return turn.step === 0 ? { toolCalls: [{ name: 'request_permissions', args: { permissions: [{ name: 'storage', reason: 'count hidden promos' }] } }] } : { text: 'Thanks.' };
  });
  const { panel } = await chatOn({ openPage, tabIdOf, openExtensionPage, sites }, model, { host: 'shop.test' });
  await send(panel, 'Hide promos and remember how many.');
  const card = panel.locator('section.approval[data-approval-kind="permissions"]');
  await expect(card).toBeVisible();

  // The panel reloads while the tool call waits: that turn is gone, the worker's card is not.
  await panel.reload();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Allow' }).click();
  await expect(card).toHaveCount(0);
  const note = panel.locator('.chat .notice').last();
  await expect(note).toContainText('the person answered the permission card (storage)');
  await expect(note).toContainText('allowed it');

  await send(panel, 'Go on.');
  await idle(panel);
  await expect(panel.locator('.chat .assistant').last()).toHaveText('I see the answer to the card.');
  const users = model.requests.at(-1)!.body.messages.filter((m) => m.role === 'user').map((m) => JSON.stringify(m.content));
  expect(users.at(-2)).toContain('allowed it');
  expect(users.at(-1)).toContain('Go on.');
});

test('a half-typed message outlives a panel reload, and one sent before a provider is set up stays in the box', async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  const model = new ScriptedModel(() => ({ text: 'Done.' }));
  const baseURL = model.install(sites);
  const shop = await openPage('shop.test', '/index.html');
  const panel = await openPanel(openExtensionPage, await tabIdOf(shop));
  const box = panel.getByLabel('Message');
  await box.fill('Hide the promo ban');
  await panel.reload();
  await expect(box).toHaveValue('Hide the promo ban');

  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.locator('.chat .error').last()).toHaveText(
    'Set up a provider first: open Settings, fill it in, and press Save (or Test connection, which saves settings that work).',
  );
  await expect(panel.locator('.chat .user')).toHaveCount(0);
  await expect(box).toHaveValue('Hide the promo ban');

  await configureProvider(panel, { baseURL });
  // Saved settings make that error untrue: it goes.
  await expect(panel.locator('.chat .error')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.locator('.chat .user')).toHaveText(['Hide the promo ban']);
  await expect(box).toHaveValue('');
  await idle(panel);
  await panel.reload();
  await expect(panel.locator('.chat .user')).toHaveText(['Hide the promo ban']);
  await expect(box).toHaveValue('');
});

test('New chat asks before it clears a conversation', async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  const model = new ScriptedModel(() => ({ text: 'Looked.' }));
  const { panel } = await chatOn({ openPage, tabIdOf, openExtensionPage, sites }, model, { host: 'shop.test' });
  await send(panel, 'Hello');
  await idle(panel);

  await panel.getByRole('button', { name: 'New chat' }).click();
  const ask = panel.getByRole('alertdialog');
  await expect(ask).toHaveText(/Start a new chat\? This conversation will be cleared\./);
  await ask.getByRole('button', { name: 'Keep this chat' }).click();
  await expect(ask).toHaveCount(0);
  await expect(panel.locator('.chat .user')).toHaveText(['Hello']);

  await panel.getByRole('button', { name: 'New chat' }).click();
  await panel.getByRole('alertdialog').getByRole('button', { name: 'Clear and start a new chat' }).click();
  await expect(panel.locator('.chat .entries > li')).toHaveCount(0);
});
