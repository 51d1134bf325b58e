// Context: background service worker. The assistant's procedures for the UI router. Each one first checks
// the chat's binding (its tab, its site, still active) from the worker's own record, then answers with
// fixed code; the model's parameters reach the page only as data.
import type { HandlersOf } from '../../contracts/rpc';
import type { UiSpec } from '../../contracts/boundaries/panel-worker';
import type { WorkerContext } from '../ports/trpc';
import { save } from '../activation/activation';
import { boundChat, onChatChanged, readChat, startChat, stopChats } from './chats';
import { chatPage, relay } from './page';
import { capture } from './capture';
import { readPageData } from './read-data';
import { openPage } from './open-page';
import { requestPermissions } from './permissions';
import { readChatLog } from './read-log';
import { fixContext } from './fix-context';

type AssistantProcs =
  | 'assistantStart'
  | 'assistantChat'
  | 'assistantEnd'
  | 'assistantCapture'
  | 'assistantOutline'
  | 'assistantQuery'
  | 'assistantStyles'
  | 'assistantReadData'
  | 'assistantClick'
  | 'assistantOpenPage'
  | 'assistantRequestPermissions'
  | 'assistantSave'
  | 'assistantReadLog'
  | 'assistantFixContext';

export const assistantHandlers: Pick<HandlersOf<UiSpec, WorkerContext>, AssistantProcs> = {
  assistantStart: async ({ input }) => {
    const chat = await startChat(input.tabId);
    await chatPage(chat);
    return chat;
  },
  assistantChat: ({ input }) => (emit) => {
    // A chat the worker does not know (the browser restarted) is reported as ended, not left hanging.
    void readChat(input.chatId).then((c) => emit(c ?? { chatId: input.chatId, tabId: 0, site: '', startedAt: 0, state: 'stopped', stopReason: 'ended' }));
    return onChatChanged((c) => c.chatId === input.chatId && emit(c));
  },
  assistantEnd: async ({ input }) => {
    await stopChats((c) => c.chatId === input.chatId, 'ended');
    return { ok: true };
  },
  assistantCapture: async ({ input }) => capture(await boundChat(input.chatId, input.tabId)),
  assistantOutline: async ({ input }) => relay((await chatPage(await boundChat(input.chatId, input.tabId))).agent.assistantOutline(input.input)),
  assistantQuery: async ({ input }) => relay((await chatPage(await boundChat(input.chatId, input.tabId))).agent.assistantQuery(input.input)),
  assistantStyles: async ({ input }) => relay((await chatPage(await boundChat(input.chatId, input.tabId))).agent.assistantStyles(input.input)),
  assistantReadData: async ({ input }) => readPageData(await boundChat(input.chatId, input.tabId), input.input),
  assistantClick: async ({ input }) => {
    const chat = await boundChat(input.chatId, input.tabId);
    return relay((await chatPage(chat)).agent.assistantClick({ ...input.input, site: chat.site }));
  },
  assistantOpenPage: async ({ input }) => openPage(await boundChat(input.chatId, input.tabId), input.input.url),
  assistantRequestPermissions: async ({ input }) => requestPermissions(await boundChat(input.chatId, input.tabId), input.input.permissions),
  assistantSave: async ({ input }) => {
    const chat = await boundChat(input.chatId, input.tabId);
    return save(chat.tabId, input.remixletId, input.files, 'agent', chat.chatId);
  },
  assistantReadLog: async ({ input }) => readChatLog(await boundChat(input.chatId, input.tabId), input.input),
  assistantFixContext: async ({ input }) => fixContext(await boundChat(input.chatId, input.tabId), input.remixletId),
};
