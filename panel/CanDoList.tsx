// Context: side panel and manager page. What a remixlet's code can do, as the fixed words of
// contracts/can-do (computed from its files, never the model's summary), with what a new version added or
// dropped marked as such. Shown under a save in the chat, on the activation dialog and in History.
import { For, Show } from 'solid-js';
import { CHANGE_MARK as MARK, type CanDoChange } from '../contracts/can-do/items';

export function CanDoList(props: { title: string; changes: readonly CanDoChange[] }) {
  return (
    <section class="can-do" aria-label={props.title}>
      <h3>{props.title}</h3>
      <ul>
        <For each={props.changes}>
          {(c) => (
            <li data-change={c.change} classList={{ 'cannot-tell': c.text.startsWith('Cannot tell') }}>
              <Show when={c.change !== 'same'}>
                <strong>{MARK[c.change]}</strong>
              </Show>
              <span class="can-do-text">{c.text}</span>
              <Show when={c.where}>
                <span class="muted"> ({c.where})</span>
              </Show>
            </li>
          )}
        </For>
      </ul>
    </section>
  );
}
