// The assistant's page tools act only on a document of the chat's site: the site is checked on the document
// the browser reports at the moment the worker uses it (a same-site address that redirected elsewhere
// stops the chat), a screenshot only while the tab shows the site, and read_log only for remixlets that
// run on the chat's page, without lines logged on other sites.
import { beforeEach, describe, expect, it } from 'vitest';
import { frames, resetChrome, tabs } from '../chrome-stub';
import { readChat, startChat } from '../../../../worker/assistant/chats';
import { chatPage } from '../../../../worker/assistant/page';
import { capture } from '../../../../worker/assistant/capture';
import { trackPage, type PageRecord } from '../../../../worker/pages/pages';
import { rootRouter } from '../../../../worker/ports/router';
import { decide, save } from '../../../../worker/activation/activation';
import { appendLog } from '../../../../worker/store/logs';
import { db } from '../../../../worker/store/db';
import { forgetAllLoaded } from '../../../../worker/store/remixlets';
import { refusalCode } from '../../refusal-code';
import { pageRecord } from '../page-record';

const TAB = 5;

function pageIn(documentId: string, url: string): PageRecord {
  // What a save's resync asks of the page agent: nothing here depends on its answers.
  const record = pageRecord(TAB, documentId, url);
  trackPage(record);
  return record;
}

beforeEach(async () => {
  resetChrome();
  await Promise.all(Object.values(db).map((s) => s.clear()));
  forgetAllLoaded();
  tabs.set(TAB, { id: TAB, url: 'https://shop.test/cart', status: 'complete', active: true, windowId: 1 });
  frames.set(TAB, { documentId: 'D1', url: 'https://shop.test/cart' });
});

describe("the chat's page", () => {
  it('answers with the page agent of a document on the chat site', async () => {
    const chat = await startChat(TAB);
    const page = pageIn('D1', 'https://shop.test/cart');
    expect(await chatPage(chat)).toBe(page);
  });

  it('refuses, and stops the chat, when the document the tab now shows is on another site (a same-site address that redirected)', async () => {
    const chat = await startChat(TAB);
    // The tab's address has not caught up yet; the browser already committed the other site's document.
    frames.set(TAB, { documentId: 'D2', url: 'https://evil.test/landing' });
    pageIn('D2', 'https://shop.test/cart');
    expect(await refusalCode(chatPage(chat))).toBe('CHAT_STOPPED');
    expect(await readChat(chat.chatId)).toMatchObject({ state: 'stopped', stopReason: 'left-site' });
  });

  it('takes no screenshot once the tab shows another site', async () => {
    const chat = await startChat(TAB);
    await expect(capture(chat)).resolves.toMatchObject({ dataUrl: expect.stringMatching(/^data:image\/jpeg/) });
    tabs.set(TAB, { id: TAB, url: 'https://evil.test/', status: 'complete', active: true, windowId: 1 });
    expect(await refusalCode(capture(chat))).toBe('CHAT_STOPPED');
  });
});

describe('read_log', () => {
  // Another tab: the page records above stay tracked for theirs, and a save would reach them.
  const LOG_TAB = 6;
  beforeEach(() => tabs.set(LOG_TAB, { id: LOG_TAB, url: 'https://shop.test/cart', status: 'complete' }));
  const ui = () => rootRouter.createCaller({ role: 'ui', sender: undefined }) as unknown as { ui: { assistantReadLog: (i: unknown) => Promise<Array<{ message: string }>> } };
  const files = (matches: string[]) => ({ 'manifest.json': JSON.stringify({ name: 'n', description: 'd', matches, permissions: [] }), 'script.js': 'rmx.log(1)' });

  async function saved(matches: string[]): Promise<string> {
    const r = await save(LOG_TAB, undefined, files(matches));
    if (r.status === 'activated') return r.remixletId;
    if (r.status !== 'needs-approval') throw new Error('setup');
    // The person allowed it.
    const applied = await decide(r.approval.approvalId, true);
    if (applied.status !== 'activated') throw new Error('setup');
    return applied.remixletId;
  }

  it("reads the log of a remixlet that runs on the chat's page, without lines from other sites", async () => {
    const chat = await startChat(LOG_TAB);
    const id = await saved(['*://shop.test/*']);
    await appendLog(id, { at: 1, level: 'info', message: 'on the shop', source: 'remixlet', url: 'https://shop.test/cart' });
    const everywhere = await saved(['<all_urls>']);
    await appendLog(everywhere, { at: 1, level: 'info', message: 'balance 1234', source: 'remixlet', url: 'https://bank.test/account' });
    await appendLog(everywhere, { at: 2, level: 'info', message: 'on the shop too', source: 'remixlet', url: 'https://shop.test/' });
    const on = { chatId: chat.chatId, tabId: LOG_TAB };
    expect((await ui().ui.assistantReadLog({ ...on, input: { remixletId: id } })).map((e) => e.message)).toEqual(['on the shop']);
    expect((await ui().ui.assistantReadLog({ ...on, input: { remixletId: everywhere } })).map((e) => e.message)).toEqual(['on the shop too']);
  });

  it('refuses the log of a remixlet that does not run on the chat page', async () => {
    tabs.set(LOG_TAB, { id: LOG_TAB, url: 'https://bank.test/', status: 'complete' });
    const bank = await saved(['*://bank.test/*']);
    await appendLog(bank, { at: 1, level: 'info', message: 'balance 1234', source: 'remixlet', url: 'https://bank.test/' });
    tabs.set(LOG_TAB, { id: LOG_TAB, url: 'https://shop.test/cart', status: 'complete' });
    const chat = await startChat(LOG_TAB);
    expect(await refusalCode(ui().ui.assistantReadLog({ chatId: chat.chatId, tabId: LOG_TAB, input: { remixletId: bank } }))).toBe('READ_REFUSED');
  });
});
