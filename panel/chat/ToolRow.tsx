// Context: side panel. One tool call as the person sees it: what the agent looked at, clicked, asked or
// saved, its parameters shown as plain text (they are the model's words, so never as markup), and how it
// ended. Detail is a short summary, expandable.
import { Show } from 'solid-js';
import type { Entry } from '../agent/chat-store';
import { PERMISSION_CARD_TEXT } from '../../contracts/policy/manifest';
import { canDoChanges } from '../../contracts/can-do/items';
import { CanDoList } from '../CanDoList';

type ToolEntry = Extract<Entry, { kind: 'tool' }>;

function str(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v ?? '');
}

/** `nameOf`: a remixlet's name by its id, for the remixlets that run on the chat's page. */
export function describeCall(name: string, input: unknown, nameOf?: (id: string) => string | undefined): string {
  const i = (input ?? {}) as Record<string, unknown>;
  switch (name) {
    case 'capture_page':
      return 'Took a screenshot of the page';
    case 'outline_page':
      return i.selector ? `Looked at the outline of ${str(i.selector)}` : 'Looked at the outline of the page';
    case 'query_elements':
      return `Looked at elements matching ${str(i.selector)}`;
    case 'inspect_styles':
      return `Inspected styles of ${str(i.selector)}${i.pseudo ? str(i.pseudo) : ''}`;
    case 'read_page_data':
      return `Read page data: ${str(i.source)}${i.url ? ` ${str(i.url)}` : ''}${Array.isArray(i.names) ? ` ${i.names.map(str).join(', ')}` : ''}`;
    case 'click_element':
      return `Clicked ${str(i.selector)}${typeof i.index === 'number' && i.index > 0 ? ` (match ${i.index})` : ''}`;
    case 'open_page':
      return `Opened ${str(i.url)}`;
    case 'request_permissions':
      // The card's own fixed words for each permission, not the model's string for it.
      return `Asked for permission to: ${Array.isArray(i.permissions) ? i.permissions.map((p) => lowerFirst(PERMISSION_CARD_TEXT(str((p as { name?: unknown }).name)) ?? 'do something Remixlet does not know')).join('; ') : ''}`;
    case 'write_files':
      return `Wrote ${Object.keys((i.files as object | undefined) ?? {}).join(', ') || 'no files'} to the draft`;
    case 'save_remixlet':
      return 'Asked to save the draft';
    case 'read_log': {
      // By its name where it runs here (an id means nothing to a person), quoted as the name the agent gave it.
      const known = typeof i.remixletId === 'string' ? nameOf?.(i.remixletId) : undefined;
      return known ? `Read the log of the remixlet “${known}”` : `Read the log of ${str(i.remixletId)}`;
    }
    default:
      return `Called a tool that does not exist: ${name}`;
  }
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

const STATE_TEXT: Record<ToolEntry['state'], string> = { running: 'working…', done: 'done', failed: 'failed', interrupted: 'interrupted', refused: 'refused', declined: 'declined' };

export function ToolRow(props: { entry: ToolEntry; nameOf?: (id: string) => string | undefined }) {
  return (
    <li class="tool" data-tool={props.entry.name} data-state={props.entry.state} data-attention={props.entry.attention ? 'yes' : undefined}>
      <span class="tool-what">{describeCall(props.entry.name, props.entry.input, props.nameOf)}</span>{' '}
      <span class="tool-state">{props.entry.state === 'running' || props.entry.state === 'interrupted' ? STATE_TEXT[props.entry.state] : (props.entry.said ?? STATE_TEXT[props.entry.state])}</span>
      <Show when={props.entry.canDo}>
        {(items) => (
          <CanDoList
            title={props.entry.canDoBefore ? 'What the saved code can do, and what changed' : 'What the saved code can do'}
            changes={canDoChanges(props.entry.canDoBefore, items())}
          />
        )}
      </Show>
      <Show when={props.entry.detail}>
        <details>
          <summary>details</summary>
          <pre class="tool-detail">{props.entry.detail}</pre>
        </details>
      </Show>
    </li>
  );
}
