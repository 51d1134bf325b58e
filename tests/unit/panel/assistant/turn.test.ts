// One turn of the assistant's loop with the AI SDK's mock model: tools run and their results go back to the
// model; a tool that does not exist, bad input or a failing tool becomes an error the model is told about
// and the turn goes on; a provider error, the Stop button, silence and a refusal end the turn with the
// completed steps kept.
import { describe, expect, it } from 'vitest';
import { tool, type ModelMessage } from 'ai';
import { MockLanguageModelV3, simulateReadableStream } from 'ai/test';
import { z } from 'zod';
import { runTurn, type TurnEvents } from '../../../../panel/assistant/turn';
import { IdleTimeout } from '../../../../panel/assistant/errors';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const finish = (reason: 'stop' | 'tool-calls' | 'content-filter') => ({ type: 'finish' as const, finishReason: { unified: reason, raw: reason }, usage });
const text = (s: string) => [{ type: 'text-start' as const, id: 't' }, { type: 'text-delta' as const, id: 't', delta: s }, { type: 'text-end' as const, id: 't' }];
const call = (id: string, name: string, input: unknown) => ({ type: 'tool-call' as const, toolCallId: id, toolName: name, input: JSON.stringify(input) });

type Hang = (signal: AbortSignal | undefined) => Promise<never>;
const hang: Hang = (signal) => new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));

function model(steps: Array<unknown[] | Hang>) {
  let n = 0;
  const prompts: unknown[] = [];
  const m = new MockLanguageModelV3({
    doStream: async (opts) => {
      prompts.push(opts.prompt);
      const step = steps[Math.min(n++, steps.length - 1)]!;
      if (typeof step === 'function') return step(opts.abortSignal);
      return { stream: simulateReadableStream({ chunks: [{ type: 'stream-start', warnings: [] }, ...step] as never[], chunkDelayInMs: 1 }) };
    },
  });
  return { m, prompts };
}

function recorder() {
  const log: string[] = [];
  const events: TurnEvents = {
    text: (d) => log.push(`text:${d}`),
    toolCall: (_id, name, _i, invalid) => log.push(`call:${name}${invalid ? ':invalid' : ''}`),
    toolResult: () => log.push('result'),
    toolError: (_id, m) => log.push(`error:${m.slice(0, 40)}`),
    stepDone: () => log.push('step'),
  };
  return { log, events };
}

const history: ModelMessage[] = [{ role: 'user', content: 'hide the promo' }];
const tools = {
  outline_page: tool({ inputSchema: z.object({}), execute: async () => ({ outline: 'div.promo "Sale"' }) }),
  click_element: tool({ inputSchema: z.object({ selector: z.string() }), execute: async (): Promise<{ clicked: boolean }> => Promise.reject(new Error('CLICK_REFUSED: another site')) }),
};

describe('runTurn', () => {
  it('runs tools, sends their results back, and keeps every step', async () => {
    const { m, prompts } = model([[call('c1', 'outline_page', {}), finish('tool-calls')], [...text('Done.'), finish('stop')]]);
    const { log, events } = recorder();
    const r = await runTurn({ model: m, system: 's', history, tools, signal: new AbortController().signal, idleMs: 5_000, events });
    expect(r.outcome).toBe('done');
    expect(log).toEqual(['call:outline_page', 'result', 'step', 'text:Done.', 'step']);
    expect(JSON.stringify(prompts[1])).toContain('div.promo');
    expect(r.messages.map((x) => x.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  });

  it('tells the model about a tool that does not exist, bad input and a refused tool, and goes on', async () => {
    const { m, prompts } = model([
      [call('c1', 'approve_permission', { allow: true }), call('c2', 'click_element', { selector: 3 }), call('c3', 'click_element', { selector: 'a' }), finish('tool-calls')],
      [...text('Understood.'), finish('stop')],
    ]);
    const { log, events } = recorder();
    const r = await runTurn({ model: m, system: 's', history, tools, signal: new AbortController().signal, idleMs: 5_000, events });
    expect(r.outcome).toBe('done');
    expect(log.filter((l) => l.startsWith('call'))).toEqual(['call:approve_permission:invalid', 'call:click_element:invalid', 'call:click_element']);
    expect(log.filter((l) => l.startsWith('error')).length).toBe(3);
    const sent = JSON.stringify(prompts[1]);
    expect(sent).toContain("unavailable tool 'approve_permission'");
    expect(sent).toContain('CLICK_REFUSED: another site');
  });

  it('keeps completed steps when the provider fails mid-turn', async () => {
    const { m } = model([[call('c1', 'outline_page', {}), finish('tool-calls')], [...text('Half'), { type: 'error', error: new Error('socket hang up') }]]);
    const r = await runTurn({ model: m, system: 's', history, tools, signal: new AbortController().signal, idleMs: 5_000, events: recorder().events });
    expect(r.outcome).toBe('failed');
    expect(r.messages.map((x) => x.role).slice(0, 3)).toEqual(['user', 'assistant', 'tool']);
  });

  it('reports what save_remixlet did earlier in a turn that then failed', async () => {
    const saving = { ...tools, save_remixlet: tool({ inputSchema: z.object({}), execute: async () => ({ status: 'activated', remixletId: 'r_abc', version: 3 }) }) };
    const { m } = model([[call('c1', 'save_remixlet', {}), finish('tool-calls')], [{ type: 'error', error: new Error('socket hang up') }]]);
    const r = await runTurn({ model: m, system: 's', history, tools: saving, signal: new AbortController().signal, idleMs: 5_000, events: recorder().events });
    expect(r.outcome).toBe('failed');
    expect(r.saves).toEqual([{ status: 'activated', remixletId: 'r_abc', version: 3 }]);
  });

  it('ends with "stopped" when the person presses Stop', async () => {
    const abort = new AbortController();
    const { m } = model([hang]);
    const turn = runTurn({ model: m, system: 's', history, tools, signal: abort.signal, idleMs: 5_000, events: recorder().events });
    setTimeout(() => abort.abort(), 20);
    const r = await turn;
    expect(r.outcome).toBe('stopped');
    expect(r.messages).toEqual(history);
  });

  it('gives up on a silent provider, but not while a tool waits for the person', async () => {
    const slow = tool({ inputSchema: z.object({}), execute: () => new Promise((r) => setTimeout(() => r({ status: 'allowed' }), 150)) });
    const { m } = model([[call('c1', 'request_permissions', {}), finish('tool-calls')], hang]);
    const r = await runTurn({ model: m, system: 's', history, tools: { request_permissions: slow }, signal: new AbortController().signal, idleMs: 80, events: recorder().events });
    expect(r.outcome).toBe('failed');
    expect(r.error).toBeInstanceOf(IdleTimeout);
    // The tool's 150 ms wait outlasted the 80 ms idle limit and still completed.
    expect(r.messages.map((x) => x.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it('reports a refusal by the model', async () => {
    const { m } = model([[finish('content-filter')]]);
    const r = await runTurn({ model: m, system: 's', history, tools, signal: new AbortController().signal, idleMs: 5_000, events: recorder().events });
    expect(r.outcome).toBe('refused');
  });
});
