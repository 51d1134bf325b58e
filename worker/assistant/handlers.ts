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
  | 'agentStart'
  | 'agentChat'
  | 'agentEnd'
  | 'agentCapture'
  | 'agentOutline'
  | 'agentQuery'
  | 'agentStyles'
  | 'agentReadData'
  | 'agentClick'
  | 'agentOpenPage'
  | 'agentRequestPermissions'
  | 'agentSave'
  | 'agentReadLog'
  | 'agentFixContext';

export const assistantHandlers: Pick<HandlersOf<UiSpec, WorkerContext>, AssistantProcs> = {
  agentStart: async ({ input }) => {
    const chat = await startChat(input.tabId);
    await chatPage(chat);
    return chat;
  },
  agentChat: ({ input }) => (emit) => {
    // A chat the worker does not know (the browser restarted) is reported as ended, not left hanging.
    void readChat(input.chatId).then((c) => emit(c ?? { chatId: input.chatId, tabId: 0, site: '', startedAt: 0, state: 'stopped', stopReason: 'ended' }));
    return onChatChanged((c) => c.chatId === input.chatId && emit(c));
  },
  agentEnd: async ({ input }) => {
    await stopChats((c) => c.chatId === input.chatId, 'ended');
    return { ok: true };
  },
  agentCapture: async ({ input }) => capture(await boundChat(input.chatId, input.tabId)),
  agentOutline: async ({ input }) => relay((await chatPage(await boundChat(input.chatId, input.tabId))).agent.agentOutline(input.input)),
  agentQuery: async ({ input }) => relay((await chatPage(await boundChat(input.chatId, input.tabId))).agent.agentQuery(input.input)),
  agentStyles: async ({ input }) => relay((await chatPage(await boundChat(input.chatId, input.tabId))).agent.agentStyles(input.input)),
  agentReadData: async ({ input }) => readPageData(await boundChat(input.chatId, input.tabId), input.input),
  agentClick: async ({ input }) => {
    const chat = await boundChat(input.chatId, input.tabId);
    return relay((await chatPage(chat)).agent.agentClick({ ...input.input, site: chat.site }));
  },
  agentOpenPage: async ({ input }) => openPage(await boundChat(input.chatId, input.tabId), input.input.url),
  agentRequestPermissions: async ({ input }) => requestPermissions(await boundChat(input.chatId, input.tabId), input.input.permissions),
  agentSave: async ({ input }) => {
    const chat = await boundChat(input.chatId, input.tabId);
    return save(chat.tabId, input.remixletId, input.files, 'agent', chat.chatId);
  },
  agentReadLog: async ({ input }) => readChatLog(await boundChat(input.chatId, input.tabId), input.input),
  agentFixContext: async ({ input }) => fixContext(await boundChat(input.chatId, input.tabId), input.remixletId),
};
