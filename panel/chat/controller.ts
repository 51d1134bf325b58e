// Context: side panel. The chat's state and its one writer: it starts a chat bound (by the worker) to the
// panel's tab, runs turns with the provider the person configured, shows each tool call as it happens,
// keeps the conversation and the unsent text in the panel's IndexedDB (the unsent text in localStorage first), and stops on the Stop button or when
// the worker says the chat's tab closed or left the site. Each turn belongs to one chat: a turn that ends
// after New chat replaced its chat changes nothing.
import { createSignal } from 'solid-js';
import { createStore, produce, reconcile } from 'solid-js/store';
import type { ModelMessage } from 'ai';
import type { ChatBinding } from '../../contracts/assistant/chat';
import { STOP_TEXT } from '../../contracts/assistant/chat';
import { asRefusal } from '../../contracts/trpc-errors';
import { liveSubscription, worker } from '../worker-client';
import { loadProviderSettings, settingsProblem } from '../assistant/settings';
import { languageModel, takesImagesInToolResults } from '../assistant/providers';
import { assistantTools } from '../assistant/tools';
import { captureAvailable, NO_CAPTURE_NOTE } from '../assistant/capture-available';
import { systemPrompt } from '../assistant/system-prompt';
import { runTurn } from '../assistant/turn';
import { describeError, REFUSED_TEXT } from '../assistant/errors';
import { forgetChat, loadChat, loadUnsent, saveChat, saveUnsent, type ChatRecord, type Entry } from '../assistant/chat-store';
import type { Draft } from '../assistant/draft';
import { fixTurn, outlineAround } from './fix-it';
import { CanDoItem } from '../../contracts/can-do/items';
import { toolFailure, toolOutcome, type ToolOutcome } from './tool-outcome';

export interface ChatState {
  entries: Entry[];
  working: boolean;
  stopped: string | undefined;
  draft: Draft;
  /** The text in the message box, kept until it reaches the model. */
  unsent: string;
}

const STOPPED_TEXT = 'Stopped. Nothing more was done; send a message to go on.';
const NO_PROVIDER_TEXT = 'Set up a provider first: open Settings, fill it in, and press Save (or Test connection, which saves settings that work).';
const FIX_BUSY_TEXT = 'Fix it was pressed while the agent is working: stop or wait for it, then press Fix it again.';
const FIX_UNSAVED_TEXT = 'Fix it was not started: this chat has a draft that is not saved. Save it or start a new chat, then press Fix it again.';

export function createChat(tab: { id: number; url: string }) {
  const [state, setState] = createStore<ChatState>({ entries: [], working: false, stopped: undefined, draft: {}, unsent: '' });
  const [binding, setBinding] = createSignal<ChatBinding | undefined>();
  let messages: ModelMessage[] = [];
  let running: AbortController | undefined;
  let watch: { unsubscribe(): void } | undefined;
  // New chat moves to the next generation; a turn of an earlier one may still be finishing.
  let generation = 0;
  // The draft as save_remixlet last activated it, so New chat only warns about a draft not yet saved.
  let savedDraft: string | undefined;
  // Errors that said the provider settings were missing or unusable: untrue once settings are saved.
  const setupErrors = new Set<string>();

  const persist = async () => {
    const b = binding();
    if (!b) return;
    const record: ChatRecord = { chatId: b.chatId, tabId: b.tabId, site: b.site, entries: state.entries, messages, draft: state.draft as Record<string, string>, updatedAt: Date.now() };
    await saveChat(record).catch(() => undefined);
  };

  const push = (e: Entry) => setState('entries', (list) => [...list, e]);
  // The worker's "chat stopped" notice and the turn's own ending may name the same stop: say it once.
  const pushNotice = (text: string) => {
    const last = state.entries[state.entries.length - 1];
    if (!(last?.kind === 'notice' && last.text === text)) push({ kind: 'notice', text });
  };

  const follow = (b: ChatBinding) => {
    watch?.unsubscribe();
    watch = liveSubscription((w) =>
      w.assistantChat(
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
    const unsent = await loadUnsent(tab.id);
    // What the person typed while the store was read wins over what it held.
    if (unsent && !state.unsent) setState('unsent', unsent);
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
    const started = await worker().assistantStart({ tabId: tab.id });
    setBinding(started);
    setState('stopped', undefined);
    follow(started);
    return started;
  };

  const setUnsent = (text: string) => {
    setState('unsent', text);
    void saveUnsent(tab.id, text).catch(() => undefined);
  };

  /** `prepared`: a turn the extension composed ("Fix it"): what the transcript shows, and what the model is sent instead of `text`. */
  const send = async (text: string, prepared?: { display: string; messages: ModelMessage[] }) => {
    if (state.working || !text.trim()) return;
    const gen = generation;
    const current = () => gen === generation;
    // Each of this turn's callbacks does nothing once New chat has replaced its chat.
    const ifCurrent =
      <A extends unknown[]>(fn: (...args: A) => void) =>
      (...args: A): void => {
        if (current()) fn(...args);
      };
    // Stop works from the moment "Working…" shows, before the settings load and the chat starts.
    const turn = new AbortController();
    running = turn;
    setState('working', true);
    const end = () => {
      setState('working', false);
      running = undefined;
    };
    // A message that never reaches the model stays in the box, not in the transcript.
    const fail = (why: string, setup = false) => {
      if (!current()) return;
      push({ kind: 'error', text: why });
      if (setup) setupErrors.add(why);
      end();
    };
    const stoppedEarly = () => {
      if (!current()) return;
      pushNotice(state.stopped ?? STOPPED_TEXT);
      end();
      void persist();
    };
    const settings = await loadProviderSettings().catch(() => undefined);
    if (!current()) return;
    if (turn.signal.aborted) return stoppedEarly();
    const problem = settings ? settingsProblem(settings) : NO_PROVIDER_TEXT;
    if (!settings || problem) return fail(problem ?? NO_PROVIDER_TEXT, true);
    let chat: ChatBinding;
    try {
      chat = await ensureChat();
    } catch (e) {
      return fail(asRefusal(e).reason);
    }
    if (!current()) return;
    if (turn.signal.aborted) return stoppedEarly();
    push({ kind: 'user', text: prepared?.display ?? text });
    if (!prepared && state.unsent === text) setUnsent('');
    messages = [...messages, ...(prepared?.messages ?? [{ role: 'user', content: text }])];
    void persist();
    let assistantIndex = -1;
    const remixlets = await worker().list({ url: tab.url }).catch(() => []);
    const canCapture = await captureAvailable(chat.tabId).catch(() => true);
    if (!current()) return;
    const result = await runTurn({
      model: languageModel(settings),
      system: systemPrompt({ site: chat.site, url: tab.url, remixlets: remixlets.map((r) => ({ id: r.id, name: r.name, version: r.version })), ...(canCapture ? {} : { note: NO_CAPTURE_NOTE }) }),
      history: messages,
      tools: assistantTools({
        chatId: chat.chatId,
        tabId: chat.tabId,
        worker,
        // Replaced, not merged: a file write_files removed leaves the draft (a store merge would keep it).
        draft: { get: () => ({ ...state.draft }), set: ifCurrent((d) => setState('draft', reconcile({ ...d }))) },
        imagesInToolResults: takesImagesInToolResults(settings),
        canCapture,
      }),
      signal: turn.signal,
      idleMs: settings.idleSeconds * 1000,
      events: {
        text: ifCurrent((delta) => {
          if (assistantIndex === -1 || state.entries[assistantIndex]?.kind !== 'assistant') {
            push({ kind: 'assistant', text: '' });
            assistantIndex = state.entries.length - 1;
          }
          setState('entries', assistantIndex, produce((e) => void ((e as { text: string }).text += delta)));
        }),
        toolCall: ifCurrent((id, name, input, invalid) => {
          assistantIndex = -1;
          push({ kind: 'tool', id, name, input, state: invalid ? 'failed' : 'running' });
        }),
        toolResult: ifCurrent((id, output) => {
          const call = state.entries.find((e) => e.kind === 'tool' && e.id === id);
          if (call?.kind !== 'tool') return;
          const saved = call.name === 'save_remixlet' && (output as { status?: unknown } | undefined)?.status === 'activated';
          if (saved) savedDraft = JSON.stringify(state.draft);
          const canDo = saved ? CanDoItem.array().safeParse((output as { canDo?: unknown }).canDo) : undefined;
          const before = saved ? CanDoItem.array().safeParse((output as { canDoBefore?: unknown }).canDoBefore) : undefined;
          setTool(id, toolOutcome(call.name, output), summarize(output), canDo?.success ? { canDo: canDo.data, ...(before?.success ? { canDoBefore: before.data } : {}) } : undefined);
        }),
        toolError: ifCurrent((id, message) => setTool(id, toolFailure(message), message)),
        stepDone: ifCurrent((all) => {
          messages = all;
          void persist();
        }),
      },
    });
    // New chat replaced this turn's chat while it ran: nothing of it belongs in the new one.
    if (!current()) return;
    messages = result.messages;
    if (result.outcome === 'stopped') pushNotice(state.stopped ?? STOPPED_TEXT);
    if (result.outcome === 'refused') push({ kind: 'error', text: REFUSED_TEXT });
    if (result.outcome === 'failed') push({ kind: 'error', text: describeError(result.error, result.saves) });
    setState(
      'entries',
      produce((list) => {
        for (const e of list) if (e.kind === 'tool' && e.state === 'running') e.state = 'interrupted';
      }),
    );
    end();
    await persist();
  };

  const setTool = (id: string, outcome: ToolOutcome, detail: string, canDo?: { canDo: CanDoItem[]; canDoBefore?: CanDoItem[] }) => {
    const i = state.entries.findIndex((e) => e.kind === 'tool' && e.id === id);
    if (i >= 0) setState('entries', i, produce((e) => Object.assign(e, { state: outcome.state, said: outcome.said, attention: outcome.attention ?? false, detail: detail.slice(0, 2_000) }, canDo ?? {})));
  };

  const stop = () => running?.abort();

  /** Shown to the person and sent to the model with the next message (or as its own turn's opening). */
  const noteForModel = (text: string) => {
    push({ kind: 'notice', text });
    messages = [...messages, { role: 'user', content: text }];
    void persist();
  };

  /** What New chat would throw away, as the question to ask first; undefined when there is nothing to lose. */
  const newChatWarning = (): string | undefined => {
    const draftNames = Object.keys(state.draft);
    const unsavedDraft = draftNames.length > 0 && JSON.stringify(state.draft) !== savedDraft;
    const conversation = state.entries.length > 0;
    if (!conversation && !unsavedDraft) return undefined;
    const draft = `the unsaved draft of "${draftName(state.draft)}"`;
    const lost = conversation && unsavedDraft ? `this conversation and ${draft}` : conversation ? 'this conversation' : draft;
    return state.working ? `Start a new chat? The running turn stops, and ${lost} will be cleared.` : `Start a new chat? ${cap(lost)} will be cleared.`;
  };

  /** Stops a running turn first; the stopped turn's late ending changes nothing (it belongs to the old generation). */
  const newChat = async () => {
    generation++;
    running?.abort();
    running = undefined;
    const b = binding();
    watch?.unsubscribe();
    watch = undefined;
    messages = [];
    savedDraft = undefined;
    setBinding(undefined);
    // The unsent text stays: it is the person's, and likely meant for the new chat.
    setState({ entries: [], working: false, stopped: undefined, draft: {} });
    await Promise.all([b ? worker().assistantEnd({ chatId: b.chatId }).catch(() => undefined) : undefined, forgetChat(tab.id).catch(() => undefined)]);
  };

  /**
   * "Fix it" (from the popup or the manager): a new chat with the remixlet's files in the draft, whose first
   * request carries what broke (fix-it.ts). Not while a turn runs or a draft is unsaved: those are the person's.
   */
  const fix = async (remixletId: string) => {
    if (state.working) return pushNotice(FIX_BUSY_TEXT);
    if (Object.keys(state.draft).length > 0 && JSON.stringify(state.draft) !== savedDraft) return pushNotice(FIX_UNSAVED_TEXT);
    await newChat();
    const gen = generation;
    try {
      const chat = await ensureChat();
      const on = { chatId: chat.chatId, tabId: chat.tabId };
      const context = await worker().assistantFixContext({ ...on, remixletId });
      const outline = await outlineAround(worker(), on, context.verdict.emptySelectors);
      if (gen !== generation) return;
      const turn = fixTurn(context, outline, { log: `fix-log-${gen}`, outline: `fix-outline-${gen}` });
      setState('draft', () => turn.draft);
      savedDraft = JSON.stringify(turn.draft);
      for (const r of turn.reads) push({ kind: 'tool', id: r.id, name: r.name, input: r.input, state: 'done', detail: summarize(r.output) });
      await send(turn.display, { display: turn.display, messages: turn.messages });
    } catch (e) {
      if (gen === generation) push({ kind: 'error', text: `Could not start the fix: ${asRefusal(e).reason}` });
    }
  };

  /** Settings were saved: an error that said to set them up no longer applies, so it goes. */
  const setupFixed = () => {
    if (setupErrors.size === 0) return;
    setState('entries', (list) => list.filter((e) => !(e.kind === 'error' && setupErrors.has(e.text))));
    setupErrors.clear();
    void persist();
  };

  /** The name in the draft's manifest, for the card that asks permission for it; undefined before there is one. */
  const draftManifestName = (): string | undefined => manifestName(state.draft);

  return { state, binding, restore, setUnsent, send, stop, newChat, newChatWarning, noteForModel, fix, setupFixed, draftName: draftManifestName, dispose: () => watch?.unsubscribe() };
}

/** The name in the draft's manifest (cut short: it is the model's text), if it has one yet. */
function manifestName(draft: Draft): string | undefined {
  try {
    const name = (JSON.parse(draft['manifest.json'] ?? '') as { name?: unknown }).name;
    if (typeof name === 'string' && name.trim()) return name.trim().slice(0, 60);
  } catch {
    // no readable manifest yet
  }
  return undefined;
}

/** The draft's name from its manifest, else its file names. */
function draftName(draft: Draft): string {
  return manifestName(draft) ?? Object.keys(draft).join(', ');
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What a tool returned, as text for the person's "details": its outcome first, then the data. */
function summarize(output: unknown): string {
  const o = (output ?? {}) as Record<string, unknown>;
  const head = 'status' in o ? `status: ${String(o.status)}\n` : 'count' in o ? `${String(o.count)} found\n` : '';
  const body = typeof o.outline === 'string' ? o.outline : JSON.stringify(output, null, 1);
  return `${head}${body ?? ''}`.slice(0, 2_000);
}

export type Chat = ReturnType<typeof createChat>;
