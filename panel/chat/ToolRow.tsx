// Context: side panel. One tool call as the person sees it: what the assistant looked at, clicked, asked or
// saved, its parameters shown as plain text (they are the model's words, so never as markup), and how it
// ended. Detail is a short summary, expandable.
import { Show } from 'solid-js';
import type { Entry } from '../assistant/chat-store';
import { canDoChanges } from '../../contracts/can-do/items';
import { CanDoList } from '../CanDoList';
import { describeCall } from './describe-call';

type ToolEntry = Extract<Entry, { kind: 'tool' }>;

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
