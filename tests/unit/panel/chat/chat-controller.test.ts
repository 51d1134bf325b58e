// The side panel's chat controller keeps the person's work: a half-typed message survives a panel reload,
// a message that cannot reach the model stays in the box with the error that says what to do, Stop works
// from the moment "Working…" shows, New chat says what it would clear, and a turn that finishes after its
// chat was replaced changes nothing. The worker, the provider and the turn loop are stand-ins; the
// controller and its store (over an in-memory IndexedDB stand-in) are the real ones.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TurnResult } from '../../../../panel/assistant/turn';

const db = new Map<string, unknown>();
vi.mock('../../../../panel/panel-db', () => ({
  panelDb: {
    chats: {
      getItem: async (k: string) => db.get(k) ?? null,
      setItem: async (k: string, v: unknown) => void db.set(k, v),
      removeItem: async (k: string) => void db.delete(k),
    },
  },
}));

const calls = { assistantStart: 0, assistantEnd: 0 };
let startFails = false;
vi.mock('../../../../panel/worker-client', () => ({
  worker: () => ({
    assistantStart: async ({ tabId }: { tabId: number }) => {
      calls.assistantStart++;
      if (startFails) throw Object.assign(new Error('x'), { data: { refusal: { code: 'TAB_NOT_ALLOWED', reason: 'This tab cannot be changed; open a web page.' } } });
      return { chatId: `c${calls.assistantStart}`, tabId, site: 'https://shop.test', startedAt: 1, state: 'active' };
    },
    assistantEnd: async () => void calls.assistantEnd++,
    list: async () => [],
  }),
  liveSubscription: () => ({ unsubscribe() {} }),
}));

let settingsGate: Promise<unknown> = Promise.resolve(undefined);
vi.mock('../../../../panel/assistant/settings', () => ({
  loadProviderSettings: () => settingsGate,
  settingsProblem: () => undefined,
}));
vi.mock('../../../../panel/assistant/providers', () => ({ languageModel: () => ({}), takesImagesInToolResults: () => false }));
vi.mock('../../../../panel/assistant/system-prompt', () => ({ systemPrompt: () => 's' }));

type Draft = Record<string, string>;
let toolCtx: { draft: { get(): Draft; set(d: Draft): void } } | undefined;
vi.mock('../../../../panel/assistant/tools', () => ({
  assistantTools: (ctx: typeof toolCtx) => {
    toolCtx = ctx;
    return {};
  },
}));

interface TurnEvents {
  text(delta: string): void;
  toolCall(id: string, name: string, input: unknown, invalid?: boolean): void;
  toolResult(id: string, output: unknown): void;
  toolError(id: string, message: string): void;
  stepDone(all: unknown[]): void;
}
interface TurnCall {
  signal: AbortSignal;
  history: unknown[];
  events: TurnEvents;
  finish(r: Partial<TurnResult>): void;
}
const turns: TurnCall[] = [];
vi.mock('../../../../panel/assistant/turn', () => ({
  runTurn: (opts: { signal: AbortSignal; history: unknown[]; events: TurnEvents }) =>
    new Promise<TurnResult>((resolve) => {
      // As the real loop does: a signal aborted before the call ends the turn at once.
      if (opts.signal.aborted) return resolve({ messages: opts.history as never, outcome: 'stopped', saves: [] });
      turns.push({ signal: opts.signal, history: opts.history, events: opts.events, finish: (r) => resolve({ messages: opts.history as never, outcome: 'done', saves: [], ...r }) });
    }),
}));

const { createChat } = await import('../../../../panel/chat/controller');
const TAB = { id: 7, url: 'https://shop.test/cart' };
const settled = () => new Promise((r) => setTimeout(r, 0));
const ready = { provider: 'openai', model: 'm', idleSeconds: 60 };

beforeEach(() => {
  db.clear();
  turns.length = 0;
  calls.assistantStart = calls.assistantEnd = 0;
  startFails = false;
  settingsGate = Promise.resolve(ready);
  toolCtx = undefined;
});

describe('a half-typed message', () => {
  it('is still in the box after the panel reloads, and gone once sent', async () => {
    const first = createChat(TAB);
    await first.restore();
    first.setUnsent('hide the promo ban');
    await settled();
    const reloaded = createChat(TAB);
    await reloaded.restore();
    expect(reloaded.state.unsent).toBe('hide the promo ban');

    void reloaded.send(reloaded.state.unsent);
    await vi.waitFor(() => expect(turns).toHaveLength(1), { timeout: 60_000 });
    expect(reloaded.state.unsent).toBe('');
    await settled();
    const again = createChat(TAB);
    await again.restore();
    expect(again.state.unsent).toBe('');
  });
});

describe('a message that cannot reach the model', () => {
  it('stays in the box, out of the transcript, when no provider is set up', async () => {
    settingsGate = Promise.resolve(undefined);
    const chat = createChat(TAB);
    chat.setUnsent('hide the promo');
    await chat.send('hide the promo');
    expect(chat.state.entries.filter((e) => e.kind === 'user')).toEqual([]);
    expect(chat.state.entries.at(-1)).toEqual({
      kind: 'error',
      text: 'Set up a provider first: open Settings, fill it in, and press Save (or Test connection, which saves settings that work).',
    });
    expect(chat.state.unsent).toBe('hide the promo');
    expect(chat.state.working).toBe(false);
    expect(turns).toHaveLength(0);
    // Once settings are saved, the error no longer applies and goes.
    chat.setupFixed();
    expect(chat.state.entries.filter((e) => e.kind === 'error')).toEqual([]);
  });

  it('stays in the box when the chat cannot start, with the reason', async () => {
    startFails = true;
    const chat = createChat(TAB);
    chat.setUnsent('hide the promo');
    await chat.send('hide the promo');
    expect(chat.state.entries.filter((e) => e.kind === 'user')).toEqual([]);
    expect(chat.state.entries.at(-1)?.kind).toBe('error');
    expect(chat.state.unsent).toBe('hide the promo');
    expect(chat.state.working).toBe(false);
  });
});

describe('Stop', () => {
  it('ends the turn while the settings still load, before any model call', async () => {
    let release!: (v: unknown) => void;
    settingsGate = new Promise((r) => (release = r));
    const chat = createChat(TAB);
    const sending = chat.send('hide the promo');
    expect(chat.state.working).toBe(true);
    chat.stop();
    release(ready);
    await vi.waitFor(() => expect(chat.state.working).toBe(false), { timeout: 60_000 });
    await sending;
    expect(turns.every((t) => t.signal.aborted)).toBe(true);
    expect(chat.state.working).toBe(false);
    expect(chat.state.entries.at(-1)).toEqual({ kind: 'notice', text: 'Stopped. Nothing more was done; send a message to go on.' });
  });
});

describe('New chat', () => {
  it('says what it would clear, and has nothing to ask about an empty chat', async () => {
    const chat = createChat(TAB);
    expect(chat.newChatWarning()).toBeUndefined();
    void chat.send('make a banner');
    await vi.waitFor(() => expect(turns).toHaveLength(1), { timeout: 60_000 });
    toolCtx!.draft.set({ 'manifest.json': JSON.stringify({ name: 'Promo hider' }), 'script.js': '' });
    expect(chat.newChatWarning()).toBe('Start a new chat? The running turn stops, and this conversation and the unsaved draft of "Promo hider" will be cleared.');
    turns[0]!.finish({});
    await settled();
    expect(chat.newChatWarning()).toBe('Start a new chat? This conversation and the unsaved draft of "Promo hider" will be cleared.');
  });

  it('leaves the new chat alone when the replaced turn finishes afterwards', async () => {
    const chat = createChat(TAB);
    void chat.send('make a banner');
    await vi.waitFor(() => expect(turns).toHaveLength(1), { timeout: 60_000 });
    await chat.newChat();
    expect(turns[0]!.signal.aborted).toBe(true);
    turns[0]!.finish({ outcome: 'stopped', messages: [{ role: 'user', content: 'make a banner' }] as never });
    await settled();
    expect(chat.state.entries).toEqual([]);
    expect(chat.state.working).toBe(false);

    void chat.send('second');
    await vi.waitFor(() => expect(turns).toHaveLength(2), { timeout: 60_000 });
    expect(turns[1]!.history).toEqual([{ role: 'user', content: 'second' }]);
  });

  it('takes nothing from the replaced turn that is still streaming: no text, tool rows or draft reach the new chat', async () => {
    const chat = createChat(TAB);
    void chat.send('make a banner');
    await vi.waitFor(() => expect(turns).toHaveLength(1), { timeout: 60_000 });
    const replaced = { events: turns[0]!.events, draft: toolCtx!.draft };
    await chat.newChat();
    replaced.events.text('late words');
    replaced.events.toolCall('t1', 'write_files', {});
    replaced.draft.set({ 'script.js': 'late();' });
    replaced.events.stepDone([{ role: 'user', content: 'make a banner' }]);
    await settled();
    expect(chat.state.entries).toEqual([]);
    expect(chat.state.draft).toEqual({});

    void chat.send('second');
    await vi.waitFor(() => expect(turns).toHaveLength(2), { timeout: 60_000 });
    expect(turns[1]!.history).toEqual([{ role: 'user', content: 'second' }]);
  });
});

describe('the draft', () => {
  it('loses a file write_files removed, so the next save does not carry it', async () => {
    const chat = createChat(TAB);
    void chat.send('hide the promo');
    await vi.waitFor(() => expect(turns).toHaveLength(1), { timeout: 60_000 });
    toolCtx!.draft.set({ 'manifest.json': '{}', 'style.css': 'a{b:c}' });
    toolCtx!.draft.set({ 'manifest.json': '{"name":"x"}' });
    expect(chat.state.draft).toEqual({ 'manifest.json': '{"name":"x"}' });
    expect(Object.keys(toolCtx!.draft.get())).toEqual(['manifest.json']);
  });
});

describe('a tool row', () => {
  const run = async () => {
    const chat = createChat(TAB);
    void chat.send('hide the promo');
    await vi.waitFor(() => expect(turns).toHaveLength(1), { timeout: 60_000 });
    return { chat, events: turns[0]!.events };
  };
  const row = (chat: Awaited<ReturnType<typeof run>>['chat'], id: string) => chat.state.entries.find((e) => e.kind === 'tool' && e.id === id) as Extract<(typeof chat.state.entries)[number], { kind: 'tool' }>;

  it('says a save was refused or declined, not done', async () => {
    const { chat, events } = await run();
    events.toolCall('s1', 'save_remixlet', {});
    events.toolResult('s1', { status: 'refused', refusals: [{ code: 'SCRIPT_SYNTAX', reason: 'x' }, { code: 'MANIFEST_INVALID', reason: 'y' }] });
    events.toolCall('s2', 'save_remixlet', {});
    events.toolResult('s2', { status: 'declined', note: 'n' });
    expect(row(chat, 's1')).toMatchObject({ state: 'refused', said: 'refused: 2 problems to fix, nothing was saved' });
    expect(row(chat, 's2')).toMatchObject({ state: 'declined', said: 'declined: you chose "Don\'t allow"; the previous version stays' });
    expect(row(chat, 's1').canDo).toBeUndefined();
  });

  it('marks a written draft its checks found problems in for attention, and a clean one not', async () => {
    const { chat, events } = await run();
    events.toolCall('w1', 'write_files', { files: { 'script.js': 'x(' } });
    events.toolResult('w1', { check: { ok: false, problems: [{ code: 'SCRIPT_SYNTAX', reason: 'x' }] } });
    events.toolCall('w2', 'write_files', { files: { 'script.js': 'x()' } });
    events.toolResult('w2', { check: { ok: true } });
    expect(row(chat, 'w1')).toMatchObject({ state: 'done', said: 'written; the checks found 1 problem', attention: true });
    expect(row(chat, 'w2')).toMatchObject({ state: 'done', said: 'written; the checks pass', attention: false });
  });

  it('says "Not now" on a permission card was declined, and a failure gives its reason', async () => {
    const { chat, events } = await run();
    events.toolCall('p1', 'request_permissions', { permissions: [{ name: 'storage', reason: 'r' }] });
    events.toolResult('p1', { status: 'not-now', note: 'n' });
    events.toolCall('c1', 'capture_page', {});
    events.toolError('c1', "NOT_APPLICABLE: The chat's tab is not the visible tab of its window.");
    expect(row(chat, 'p1')).toMatchObject({ state: 'declined', said: 'declined: you chose "Not now"' });
    expect(row(chat, 'c1')).toMatchObject({ state: 'failed', said: "failed: The chat's tab is not the visible tab of its window." });
  });

  it('keeps what an applied save can do, as our tool code computed it', async () => {
    const { chat, events } = await run();
    events.toolCall('s1', 'save_remixlet', {});
    events.toolResult('s1', { status: 'activated', remixletId: 'abcdefgh', version: 2, canDo: [{ kind: 'clicks', sure: true, lines: [3] }] });
    expect(row(chat, 's1')).toMatchObject({ state: 'done', said: 'saved: version 2 applies', canDo: [{ kind: 'clicks', sure: true, lines: [3] }] });
  });

  it("keeps what an update's previous version could do beside what the saved one can, so the row marks what is new and gone", async () => {
    const { chat, events } = await run();
    events.toolCall('s1', 'save_remixlet', { remixletId: 'abcdefgh' });
    const canDo = [{ kind: 'clicks', sure: true, lines: [3] }];
    const canDoBefore = [{ kind: 'logs', sure: true, lines: [1] }];
    events.toolResult('s1', { status: 'activated', remixletId: 'abcdefgh', version: 3, canDo, canDoBefore });
    expect(row(chat, 's1')).toMatchObject({ state: 'done', canDo, canDoBefore });
    const { canDoChanges } = await import('../../../../contracts/can-do/items');
    expect(canDoChanges(row(chat, 's1').canDoBefore, row(chat, 's1').canDo ?? []).map((c) => [c.change, c.text])).toEqual([
      ['added', 'Clicks things on the page (a click can follow a link or submit a form)'],
      ['removed', 'Writes to its log, which the agent can read'],
    ]);
  });
});
