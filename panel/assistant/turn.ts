// Context: side panel. One turn of the conversation: the model streams text and tool calls, the fixed
// tools answer, and the loop goes on until the model stops, the person presses Stop, the provider
// fails, or it goes quiet for too long. The conversation keeps every step that completed.
import { streamText, stepCountIs, type LanguageModel, type ModelMessage, type ToolSet } from 'ai';
import { IdleTimeout } from './errors';

export interface TurnEvents {
  text(delta: string): void;
  toolCall(id: string, name: string, input: unknown, invalid: boolean): void;
  toolResult(id: string, output: unknown): void;
  toolError(id: string, message: string): void;
  stepDone(messages: ModelMessage[]): void;
}

export interface TurnResult {
  messages: ModelMessage[];
  outcome: 'done' | 'stopped' | 'refused' | 'failed';
  error?: unknown;
  /** What each save_remixlet call in this turn returned: a save that activated stays done even if the turn fails. */
  saves: unknown[];
}

export const MAX_STEPS = 30;

export async function runTurn(opts: {
  model: LanguageModel;
  system: string;
  history: ModelMessage[];
  tools: ToolSet;
  signal: AbortSignal;
  idleMs: number;
  events: TurnEvents;
}): Promise<TurnResult> {
  const abort = new AbortController();
  const stopByPerson = () => abort.abort(new DOMException('stopped', 'AbortError'));
  if (opts.signal.aborted) stopByPerson();
  opts.signal.addEventListener('abort', stopByPerson, { once: true });

  // The provider is idle only while no tool is working: a tool may wait minutes for the person's click.
  const runningTools = new Set<string>();
  let idle: ReturnType<typeof setTimeout> | undefined;
  let idleError: IdleTimeout | undefined;
  const arm = () => {
    clearTimeout(idle);
    if (runningTools.size > 0) return;
    idle = setTimeout(() => {
      idleError = new IdleTimeout(Math.round(opts.idleMs / 1000));
      abort.abort(idleError);
    }, opts.idleMs);
  };

  let completed: ModelMessage[] = [];
  const saves: unknown[] = [];
  let streamError: unknown;
  let finishReason: string | undefined;
  const result = streamText({
    model: opts.model,
    system: opts.system,
    messages: opts.history,
    tools: opts.tools,
    stopWhen: stepCountIs(MAX_STEPS),
    abortSignal: abort.signal,
    maxRetries: 0,
    onError: ({ error }) => {
      streamError ??= error;
    },
    onStepFinish: (step) => {
      completed = step.response.messages;
      opts.events.stepDone([...opts.history, ...completed]);
    },
  });

  arm();
  try {
    for await (const part of result.fullStream) {
      arm();
      switch (part.type) {
        case 'text-delta':
          opts.events.text(part.text);
          break;
        case 'tool-call':
          opts.events.toolCall(part.toolCallId, part.toolName, part.input, 'invalid' in part && part.invalid === true);
          if (!('invalid' in part && part.invalid)) {
            runningTools.add(part.toolCallId);
            clearTimeout(idle);
          }
          break;
        case 'tool-result':
          runningTools.delete(part.toolCallId);
          if (part.toolName === 'save_remixlet') saves.push(part.output);
          opts.events.toolResult(part.toolCallId, part.output);
          arm();
          break;
        case 'tool-error':
          runningTools.delete(part.toolCallId);
          opts.events.toolError(part.toolCallId, part.error instanceof Error ? part.error.message : String(part.error));
          arm();
          break;
        case 'finish-step':
          finishReason = part.finishReason;
          break;
        case 'error':
          streamError ??= part.error;
          break;
      }
    }
  } catch (e) {
    streamError ??= e;
  } finally {
    clearTimeout(idle);
    opts.signal.removeEventListener('abort', stopByPerson);
  }

  const messages = [...opts.history, ...completed];
  if (idleError) return { messages, saves, outcome: 'failed', error: idleError };
  if (opts.signal.aborted) return { messages, saves, outcome: 'stopped' };
  if (streamError) return { messages, saves, outcome: 'failed', error: streamError };
  if (finishReason === 'content-filter') return { messages, saves, outcome: 'refused' };
  return { messages, saves, outcome: 'done' };
}
