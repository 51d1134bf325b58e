// Context: background service worker. The chat-to-tab binding: a chat records the tab it started on and
// that tab's site, from chrome.tabs (never from a payload). Every assistant procedure passes through
// `boundChat`, which refuses another tab, a stopped chat, or a tab that now shows another site. Kept in
// chrome.storage.session so a restarted worker still knows, and stops, its chats.
import { ChatBinding, type ChatStopReason } from '../../contracts/assistant/chat';
import { RemixletRefusal } from '../../contracts/refusals';
import { STOP_TEXT } from '../../contracts/assistant/chat';
import { siteOf } from '../store/settings';
import { serialized } from '../store/db';
import { readSessionMap } from '../store/session-map';
import { randomId } from '../ports/tokens';
import { clock } from '../clock';
import { isWebAddress } from '../../contracts/policy/site';

const KEY = 'agentChats';

const load = () => readSessionMap(KEY, ChatBinding);

function update(fn: (chats: Map<string, ChatBinding>) => ChatBinding[]): Promise<ChatBinding[]> {
  return serialized(KEY, async () => {
    const chats = await load();
    const changed = fn(chats);
    if (changed.length) await chrome.storage.session.set({ [KEY]: Object.fromEntries(chats) });
    for (const c of changed) for (const l of listeners) l(c);
    return changed;
  });
}

type Listener = (chat: ChatBinding) => void;
const listeners = new Set<Listener>();
export function onChatChanged(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export async function startChat(tabId: number): Promise<ChatBinding> {
  const tab = await chrome.tabs.get(tabId).catch(() => undefined);
  const site = tab?.url ? siteOf(tab.url) : '';
  if (!tab?.url || !isWebAddress(tab.url) || !site) {
    throw new RemixletRefusal('NOT_FOUND', 'A chat starts on a web page (http or https); open the page you want to change and start again.');
  }
  const chat: ChatBinding = { chatId: randomId('c', 20), tabId, site, startedAt: clock.now(), state: 'active' };
  await update((chats) => {
    chats.set(chat.chatId, chat);
    // Old stopped chats are not needed once the person started another; keep the table small.
    for (const [id, c] of chats) if (c.state === 'stopped' && c.startedAt < clock.now() - 86_400_000) chats.delete(id);
    return [chat];
  });
  return chat;
}

export async function readChat(chatId: string): Promise<ChatBinding | undefined> {
  return (await load()).get(chatId);
}

export function stopChats(match: (c: ChatBinding) => boolean, reason: ChatStopReason): Promise<ChatBinding[]> {
  return update((chats) => {
    const changed: ChatBinding[] = [];
    for (const [id, c] of chats) {
      if (c.state !== 'active' || !match(c)) continue;
      const stopped: ChatBinding = { ...c, state: 'stopped', stopReason: reason };
      chats.set(id, stopped);
      changed.push(stopped);
    }
    return changed;
  });
}

/** The chat, if it is active, bound to this tab, and the tab still shows the chat's site; else a refusal. */
export async function boundChat(chatId: string, tabId: number): Promise<ChatBinding> {
  const chat = await readChat(chatId);
  if (!chat) throw new RemixletRefusal('CHAT_STOPPED', 'There is no such chat; start a new chat on the page.');
  if (chat.tabId !== tabId) throw new RemixletRefusal('CHAT_OTHER_TAB', `This chat works only on the tab it started on (${chat.site}); start a new chat on the other tab.`);
  if (chat.state !== 'active') throw new RemixletRefusal('CHAT_STOPPED', STOP_TEXT[chat.stopReason ?? 'ended']);
  const tab = await chrome.tabs.get(tabId).catch(() => undefined);
  if (!tab) {
    await stopChats((c) => c.chatId === chatId, 'tab-closed');
    throw new RemixletRefusal('CHAT_STOPPED', STOP_TEXT['tab-closed']);
  }
  // A tab that is loading may report its next address in pendingUrl: that counts as leaving too.
  const url = tab.pendingUrl ?? tab.url ?? '';
  if (siteOf(url) !== chat.site) {
    await stopChats((c) => c.chatId === chatId, 'left-site');
    throw new RemixletRefusal('CHAT_STOPPED', STOP_TEXT['left-site']);
  }
  return chat;
}

/** Registered at worker start: a chat stops when its tab closes or shows another site. */
export function watchChatTabs(): void {
  chrome.tabs.onRemoved.addListener((tabId) => void stopChats((c) => c.tabId === tabId, 'tab-closed'));
  chrome.tabs.onUpdated.addListener((tabId, change) => {
    if (change.url) void stopChats((c) => c.tabId === tabId && c.site !== siteOf(change.url!), 'left-site');
  });
}
