// The worker's chat-to-tab binding: a chat answers only for the tab it started on, and only while that
// tab shows the site it started on; once stopped it stays stopped, even back on the site.
import { beforeEach, describe, expect, it } from 'vitest';
import { resetChrome, tabs } from '../chrome-stub';
import { boundChat, readChat, startChat, stopChats } from '../../../../worker/assistant/chats';

describe('chat binding', () => {
  beforeEach(() => {
    resetChrome();
    tabs.set(7, { id: 7, url: 'https://shop.test/cart' });
    tabs.set(8, { id: 8, url: 'https://news.test/' });
  });

  it('records the tab and its site from the browser', async () => {
    const chat = await startChat(7);
    expect(chat).toMatchObject({ tabId: 7, site: 'shop.test', state: 'active' });
    await expect(boundChat(chat.chatId, 7)).resolves.toMatchObject({ chatId: chat.chatId });
  });

  it('refuses another tab', async () => {
    const chat = await startChat(7);
    await expect(boundChat(chat.chatId, 8)).rejects.toMatchObject({ code: 'CHAT_OTHER_TAB' });
  });

  it('stops when the tab shows another site, and stays stopped', async () => {
    const chat = await startChat(7);
    tabs.set(7, { id: 7, url: 'https://shop.test/other-page' });
    await expect(boundChat(chat.chatId, 7)).resolves.toBeTruthy();
    tabs.set(7, { id: 7, url: 'https://attacker.example/' });
    await expect(boundChat(chat.chatId, 7)).rejects.toMatchObject({ code: 'CHAT_STOPPED' });
    expect(await readChat(chat.chatId)).toMatchObject({ state: 'stopped', stopReason: 'left-site' });
    tabs.set(7, { id: 7, url: 'https://shop.test/cart' });
    await expect(boundChat(chat.chatId, 7)).rejects.toMatchObject({ code: 'CHAT_STOPPED' });
  });

  it('stops when the tab is gone', async () => {
    const chat = await startChat(7);
    tabs.delete(7);
    await expect(boundChat(chat.chatId, 7)).rejects.toMatchObject({ code: 'CHAT_STOPPED' });
    expect(await readChat(chat.chatId)).toMatchObject({ stopReason: 'tab-closed' });
  });

  it('refuses an unknown or ended chat, and pages that are not web pages', async () => {
    await expect(boundChat('c00000000000000000000', 7)).rejects.toMatchObject({ code: 'CHAT_STOPPED' });
    const chat = await startChat(7);
    await stopChats((c) => c.chatId === chat.chatId, 'ended');
    await expect(boundChat(chat.chatId, 7)).rejects.toMatchObject({ code: 'CHAT_STOPPED' });
    tabs.set(9, { id: 9, url: 'chrome://settings' });
    await expect(startChat(9)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
