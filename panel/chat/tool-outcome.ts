// Context: side panel (pure). How a tool call ended, in the tool's own words, from what our tool code
// returned (never from the model's text): a save refused by its checks or declined by the person is not
// "done", a permission card answered "Not now" is declined, and a failure says why. The words are fixed;
// only counts, version numbers and the worker's own refusal reasons are filled in.
import type { Entry } from '../assistant/chat-store';

type ToolEntry = Extract<Entry, { kind: 'tool' }>;
export type ToolState = ToolEntry['state'];

export interface ToolOutcome {
  state: ToolState;
  /** What the row says in place of a bare state word. */
  said: string;
  /** Done, but with something to look at (a draft its checks found problems in): not marked as all well. */
  attention?: true;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function toolOutcome(name: string, output: unknown): ToolOutcome {
  const o = (output ?? {}) as Record<string, unknown>;
  switch (name) {
    case 'save_remixlet':
      switch (o.status) {
        case 'activated':
          return { state: 'done', said: typeof o.version === 'number' ? `saved: version ${o.version} applies` : 'saved' };
        case 'refused':
          return { state: 'refused', said: `refused: ${count(Array.isArray(o.refusals) ? o.refusals.length : 0, 'problem', 'problems')} to fix, nothing was saved` };
        case 'declined':
          return { state: 'declined', said: "declined: you chose \"Don't allow\"; the previous version stays" };
        case 'gone':
          return { state: 'failed', said: `not saved: ${typeof o.reason === 'string' ? o.reason : 'the dialog is gone'}` };
        default:
          return { state: 'failed', said: 'not saved' };
      }
    case 'request_permissions':
      switch (o.status) {
        case 'allowed':
          return { state: 'done', said: 'allowed' };
        case 'not-now':
          return { state: 'declined', said: 'declined: you chose "Not now"' };
        case 'gone':
          return { state: 'failed', said: `not answered: ${typeof o.reason === 'string' ? o.reason : 'the card is gone'}` };
        default:
          return { state: 'failed', said: 'not answered' };
      }
    case 'write_files': {
      const check = o.check as { ok?: unknown; problems?: unknown } | undefined;
      if (check?.ok === false) return { state: 'done', said: `written; the checks found ${count(Array.isArray(check.problems) ? check.problems.length : 0, 'problem', 'problems')}`, attention: true };
      return { state: 'done', said: 'written; the checks pass' };
    }
    case 'click_element':
      return o.clicked === false ? { state: 'failed', said: 'not clicked' } : { state: 'done', said: 'done' };
    default:
      return { state: 'done', said: 'done' };
  }
}

/** A tool that threw: the worker's "CODE: reason" (our text) or the tool library's own message, cut short. */
export function toolFailure(message: string): ToolOutcome {
  const firstLine = message.split('\n')[0] ?? '';
  const reason = firstLine.replace(/^[A-Z][A-Z_]+: /, '');
  return { state: 'failed', said: `failed: ${reason.length > 240 ? `${reason.slice(0, 240)}…` : reason}` };
}
