// The chat is bound by the worker to the tab it started on: switching tabs does not move it, the assistant's
// procedures refuse any other tab, and the chat stops when its tab leaves the site or closes; the panel
// says so and takes no more messages for it.
import { test, expect } from '../harness';
import { install, manifest, uiCall } from '../remixlet';
import { ScriptedModel, Turn } from './scripted-model';
import { chatOn, idle, send } from './chat-helpers';

test('a chat stays on its tab and site, refuses other tabs, and stops when its tab leaves the site or closes', async ({ openPage, openExtensionPage, tabIdOf, sites, witness }) => {
  const model = new ScriptedModel((turn) => (turn.step === 0 ? { toolCalls: [{ name: 'outline_page', args: { maxNodes: 30 } }] } : { text: 'Looked.' }));
  const { page: shop, tabId: shopTab, panel } = await chatOn({ openPage, tabIdOf, openExtensionPage, sites }, model, { host: 'shop.test' });

  // Another tab comes to the front; the chat still works on the shop's tab.
  const news = await openPage('news.test', '/index.html');
  const newsTab = await tabIdOf(news);
  await news.bringToFront();
  await send(panel, 'What is on my page?');
  await idle(panel);
  const outline = model.allToolResults().join('\n');
  expect(outline).toContain('Fixture Shop');
  expect(outline).not.toContain('article');

  // A screenshot only of the chat's tab, and only while it is the visible one.
  await expect(uiCall(panel, 'assistantCapture', { chatId: (await uiCall<{ chatId: string }>(panel, 'assistantStart', { tabId: shopTab })).chatId, tabId: shopTab, input: {} })).rejects.toThrow(/bring it to the front/);

  // The worker refuses the chat's procedures for any other tab.
  const chat = await uiCall<{ chatId: string; site: string }>(panel, 'assistantStart', { tabId: shopTab });
  expect(chat.site).toBe('shop.test');
  await expect(uiCall(panel, 'assistantOutline', { chatId: chat.chatId, tabId: newsTab, input: {} }, 'query')).rejects.toThrow(/CHAT_OTHER_TAB/);
  await expect(uiCall(panel, 'assistantClick', { chatId: chat.chatId, tabId: newsTab, input: { selector: 'a' } })).rejects.toThrow(/CHAT_OTHER_TAB/);
  await expect(uiCall(panel, 'assistantOutline', { chatId: chat.chatId, tabId: shopTab, input: { maxNodes: 20 } }, 'query')).resolves.toMatchObject({ title: 'Fixture Shop' });

  // Clicks and page opening stay on the site; a permitted click acts on the page.
  await shop.bringToFront();
  const on = { chatId: chat.chatId, tabId: shopTab };
  await expect(uiCall<{ dataUrl: string }>(panel, 'assistantCapture', { ...on, input: {} })).resolves.toMatchObject({ dataUrl: expect.stringMatching(/^data:image\/jpeg;base64,/) });
  await expect(uiCall(panel, 'assistantClick', { ...on, input: { selector: '#products .add', index: 1 } })).resolves.toMatchObject({ clicked: true });
  await expect(shop.locator('#cart .count')).toHaveText('1');
  await shop.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<a id="away" href="https://attacker.example/x">away</a><form id="f" action="https://attacker.example/post"><button id="go">go</button></form><form action="https://attacker.example/image"><input type="image" id="img-go" alt="go"></form><label for="go"><span id="go-span">go</span></label>'));
  await expect(uiCall(panel, 'assistantClick', { ...on, input: { selector: '#away' } })).rejects.toThrow(/CLICK_REFUSED.*attacker\.example/);
  await expect(uiCall(panel, 'assistantClick', { ...on, input: { selector: '#go' } })).rejects.toThrow(/CLICK_REFUSED.*submits a form to attacker\.example/);
  // An image button submits its form too, and a span inside a label clicks the label's control.
  await expect(uiCall(panel, 'assistantClick', { ...on, input: { selector: '#img-go' } })).rejects.toThrow(/CLICK_REFUSED.*submits a form to attacker\.example/);
  await expect(uiCall(panel, 'assistantClick', { ...on, input: { selector: '#go-span' } })).rejects.toThrow(/CLICK_REFUSED.*submits a form to attacker\.example/);
  await expect(uiCall(panel, 'assistantOpenPage', { ...on, input: { url: 'https://attacker.example/' } })).rejects.toThrow(/ADDRESS_REFUSED/);

  // The same site on another page keeps the chat; another site stops it.
  await expect(uiCall(panel, 'assistantOpenPage', { ...on, input: { url: '/api/products.json' } })).resolves.toMatchObject({ url: 'http://shop.test/api/products.json' });
  await expect(uiCall(panel, 'assistantOutline', { chatId: chat.chatId, tabId: shopTab, input: { maxNodes: 20 } }, 'query')).resolves.toMatchObject({ url: 'http://shop.test/api/products.json' });
  await shop.goto(sites.url('other.test', '/index.html'));
  await expect(panel.locator('.chat .notice').last()).toHaveText('The chat stopped because its tab left the site it started on. Start a new chat on the page you want to change.');
  await expect(panel.getByLabel('Message')).toBeDisabled();
  await expect(uiCall(panel, 'assistantOutline', { chatId: chat.chatId, tabId: shopTab, input: {} }, 'query')).rejects.toThrow(/CHAT_STOPPED/);
  // Coming back to the site does not revive it.
  await shop.goto(sites.url('shop.test', '/index.html'));
  await expect(uiCall(panel, 'assistantOutline', { chatId: chat.chatId, tabId: shopTab, input: {} }, 'query')).rejects.toThrow(/CHAT_STOPPED/);

  await witness.expectNoHits();

  // A new chat on the page (the stopped chat stays clearable, after a question); closing the tab stops it.
  await panel.getByRole('button', { name: 'New chat' }).click();
  await expect(panel.getByRole('alertdialog')).toHaveText(/Start a new chat\? This conversation will be cleared\./);
  await panel.getByRole('alertdialog').getByRole('button', { name: 'Clear and start a new chat' }).click();
  // The new chat starts empty; send() counts the messages shown before it sends.
  await expect(panel.locator('.chat .user')).toHaveCount(0);
  await send(panel, 'Again');
  await idle(panel);
  await expect(panel.locator('.chat .assistant').last()).toHaveText('Looked.');
  const second = await uiCall<{ chatId: string }>(panel, 'assistantStart', { tabId: shopTab });
  await shop.close();
  await expect(panel.locator('.chat .notice').last()).toHaveText('The chat stopped because its tab was closed. Open the page again and start a new chat.');
  await expect(uiCall(panel, 'assistantOutline', { chatId: second.chatId, tabId: shopTab, input: {} }, 'query')).rejects.toThrow(/CHAT_STOPPED/);
});

test('a same-site address that redirects to another site stops the chat: no tool answers from the other site', async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  sites.route('shop.test', '/away', () => ({ status: 302, headers: { location: sites.url('other.test', '/index.html') } }));
  const model = new ScriptedModel(() => ({ text: 'Idle.' }));
  const { tabId, panel } = await chatOn({ openPage, tabIdOf, openExtensionPage, sites }, model, { host: 'shop.test' });
  const chat = await uiCall<{ chatId: string }>(panel, 'assistantStart', { tabId });
  const on = { chatId: chat.chatId, tabId };
  await expect(uiCall(panel, 'assistantOpenPage', { ...on, input: { url: '/away' } })).rejects.toThrow(/CHAT_STOPPED/);
  await expect(uiCall(panel, 'assistantOutline', { ...on, input: { maxNodes: 20 } }, 'query')).rejects.toThrow(/CHAT_STOPPED/);
});

test('the panel follows its tab to another page of the site: the address shown, "On this page" and what the model is told', async ({ openPage, openExtensionPage, tabIdOf, sites }) => {
  const model = new ScriptedModel(() => ({ text: 'Noted.' }));
  const { page, tabId, panel } = await chatOn({ openPage, tabIdOf, openExtensionPage, sites }, model, { host: 'shop.test' });
  await install(panel, tabId, { 'manifest.json': manifest({ name: 'Second page only', matches: ['*://shop.test/index.html?second'] }), 'script.js': "rmx.log('here');" });
  const onThisPage = panel.getByRole('region', { name: 'Remixlets on this page' });
  await panel.reload();
  await expect(panel.locator('.bound-tab')).toHaveText('http://shop.test/index.html');
  await expect(onThisPage).toContainText('No remixlet runs here yet.');

  await page.goto('http://shop.test/index.html?second');
  await expect(panel.locator('.bound-tab')).toHaveText('http://shop.test/index.html?second');
  await expect(onThisPage.getByRole('listitem')).toHaveText(['Second page only']);

  await send(panel, 'Where am I?');
  await idle(panel);
  expect(new Turn(model.requests.at(-1)!).system).toContain('http://shop.test/index.html?second');
});
