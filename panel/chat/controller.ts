// Context: side panel. The chat's state and its one writer: it starts a chat bound (by the worker) to the
// panel's tab, runs turns with the provider the person configured, shows each tool call as it happens,
// keeps the conversation in the panel's IndexedDB after every step, and stops on the Stop button or when
// the worker says the chat's tab closed or left the site.
import { createSignal } from 'solid-js';
import { createStore, produce } from 'solid-js/store';
import type { ModelMessage } from 'ai';
import type { ChatBinding } from '../../contracts/agent/chat';
import { STOP_TEXT } from '../../contracts/agent/chat';
import { asRefusal } from '../../contracts/trpc-errors';
import { liveSubscription, worker } from '../worker-client';
import { loadProviderSettings, settingsProblem } from '../agent/settings';
import { languageModel, takesImagesInToolResults } from '../agent/providers';
import { agentTools } from '../agent/tools';
import { systemPrompt } from '../agent/system-prompt';
import { runTurn } from '../agent/turn';
import { describeError, REFUSED_TEXT } from '../agent/errors';
import { forgetChat, loadChat, saveChat, type ChatRecord, type Entry } from '../agent/chat-store';
import type { Draft } from '../agent/draft';

export interface ChatState {
  entries: Entry[];
  working: boolean;
  stopped: string | undefined;
  draft: Draft;
}

export function createChat(tab: { id: number; url: string }) {
  const [state, setState] = createStore<ChatState>({ entries: [], working: false, stopped: undefined, draft: {} });
  const [binding, setBinding] = createSignal<ChatBinding | undefined>();
  let messages: ModelMessage[] = [];
  let running: AbortController | undefined;
  let watch: { unsubscribe(): void } | undefined;

  const persist = async () => {
    const b = binding();
    if (!b) return;
    const record: ChatRecord = { chatId: b.chatId, tabId: b.tabId, site: b.site, entries: state.entries, messages, draft: state.draft as Record<string, string>, updatedAt: Date.now() };
    await saveChat(record).catch(() => undefined);
  };

  const push = (e: Entry) => setState('entries', (list) => [...list, e]);

  const follow = (b: ChatBinding) => {
    watch?.unsubscribe();
    watch = liveSubscription((w) =>
      w.agentChat(
        { chatId: b.chatId },
        {
          onData: (next) => {
            setBinding(next);
            if (next.state === 'stopped') {
              running?.abort();
              const text = STOP_TEXT[next.stopReason ?? 'ended'];
              const last = state.entries[state.entries.length - 1];
              setState('stopped', text);
              if (!(last?.kind === 'notice' && last.text === text)) {
                push({ kind: 'notice', text });
                void persist();
              }
            }
          },
        },
      ),
    );
  };

  const restore = async () => {
    const saved = await loadChat(tab.id);
    if (!saved) return;
    messages = saved.messages as ModelMessage[];
    setState({ entries: saved.entries, draft: saved.draft, working: false, stopped: undefined });
    const b: ChatBinding = { chatId: saved.chatId, tabId: saved.tabId, site: saved.site, startedAt: 0, state: 'active' };
    setBinding(b);
    follow(b);
  };

  const ensureChat = async (): Promise<ChatBinding> => {
    const b = binding();
    if (b && b.state === 'active' && !state.stopped) return b;
    const started = await worker().agentStart({ tabId: tab.id });
    setBinding(started);
    setState('stopped', undefined);
    follow(started);
    return started;
  };

  const send = async (text: string) => {
    if (state.working || !text.trim()) return;
    // The person's message and the working state show at once; a chat that cannot start says why.
    push({ kind: 'user', text });
    setState('working', true);
    const settings = await loadProviderSettings();
    const problem = settings ? settingsProblem(settings) : 'Choose a provider in Settings first.';
    const fail = (text: string) => {
      push({ kind: 'error', text });
      setState('working', false);
    };
    if (!settings || problem) return fail(problem ?? 'Choose a provider in Settings first.');
    let chat: ChatBinding;
    try {
      chat = await ensureChat();
    } catch (e) {
      return fail(asRefusal(e).reason);
    }
    messages = [...messages, { role: 'user', content: text }];
    void persist();
    running = new AbortController();
    let assistantIndex = -1;
    const remixlets = await worker().list({ url: tab.url }).catch(() => []);
    const result = await runTurn({
      model: languageModel(settings),
      system: systemPrompt({ site: chat.site, url: tab.url, remixlets: remixlets.map((r) => ({ id: r.id, name: r.name, version: r.version })) }),
      history: messages,
      tools: agentTools({
        chatId: chat.chatId,
        tabId: chat.tabId,
        worker,
        draft: { get: () => ({ ...state.draft }), set: (d) => setState('draft', () => d) },
        imagesInToolResults: takesImagesInToolResults(settings),
      }),
      signal: running.signal,
      idleMs: settings.idleSeconds * 1000,
      events: {
        text: (delta) => {
          if (assistantIndex === -1 || state.entries[assistantIndex]?.kind !== 'assistant') {
            push({ kind: 'assistant', text: '' });
            assistantIndex = state.entries.length - 1;
          }
          setState('entries', assistantIndex, produce((e) => void ((e as { text: string }).text += delta)));
        },
        toolCall: (id, name, input, invalid) => {
          assistantIndex = -1;
          push({ kind: 'tool', id, name, input, state: invalid ? 'failed' : 'running' });
        },
        toolResult: (id, output) => setTool(id, 'done', summarize(output)),
        toolError: (id, message) => setTool(id, 'failed', message),
        stepDone: (all) => {
          messages = all;
          void persist();
        },
      },
    });
    messages = result.messages;
    if (result.outcome === 'stopped') push({ kind: 'notice', text: state.stopped ?? 'Stopped. Nothing more was done; send a message to go on.' });
    if (result.outcome === 'refused') push({ kind: 'error', text: REFUSED_TEXT });
    if (result.outcome === 'failed') push({ kind: 'error', text: describeError(result.error, result.saves) });
    setState(
      'entries',
      produce((list) => {
        for (const e of list) if (e.kind === 'tool' && e.state === 'running') e.state = 'interrupted';
      }),
    );
    setState('working', false);
    running = undefined;
    await persist();
  };

  const setTool = (id: string, s: 'done' | 'failed', detail: string) => {
    const i = state.entries.findIndex((e) => e.kind === 'tool' && e.id === id);
    if (i >= 0) setState('entries', i, produce((e) => Object.assign(e, { state: s, detail: detail.slice(0, 2_000) })));
  };

  const stop = () => running?.abort();

  /** Shown to the person and sent to the model with the next message (or as its own turn's opening). */
  const noteForModel = (text: string) => {
    push({ kind: 'notice', text });
    messages = [...messages, { role: 'user', content: text }];
    void persist();
  };

  const newChat = async () => {
    running?.abort();
    const b = binding();
    if (b) await worker().agentEnd({ chatId: b.chatId }).catch(() => undefined);
    watch?.unsubscribe();
    messages = [];
    setBinding(undefined);
    setState({ entries: [], working: false, stopped: undefined, draft: {} });
    await forgetChat(tab.id);
  };

  return { state, binding, restore, send, stop, newChat, noteForModel, dispose: () => watch?.unsubscribe() };
}

/** What a tool returned, as text for the person's "details": its outcome first, then the data. */
function summarize(output: unknown): string {
  const o = (output ?? {}) as Record<string, unknown>;
  const head = 'status' in o ? `status: ${String(o.status)}\n` : 'count' in o ? `${String(o.count)} found\n` : '';
  const body = typeof o.outline === 'string' ? o.outline : JSON.stringify(output, null, 1);
  return `${head}${body ?? ''}`.slice(0, 2_000);
}

export type Chat = ReturnType<typeof createChat>;
