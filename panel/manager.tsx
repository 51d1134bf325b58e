// Context: manager page entry: every remixlet, its sites, permissions (fixed text) and log.
import { render } from 'solid-js/web';
import { createResource, createSignal, For, Show } from 'solid-js';
import { worker } from './worker-client';

function Manager() {
  const [list, { refetch }] = createResource(() => worker().list({}));
  const [selected, setSelected] = createSignal<string>();
  const [log] = createResource(selected, (id) => worker().readLog({ remixletId: id }));
  return (
    <main>
      <h1>Your remixlets</h1>
      <ul>
        <For each={list() ?? []} fallback={<li>No remixlets yet.</li>}>
          {(r) => (
            <li data-remixlet-id={r.id}>
              <button type="button" onClick={() => setSelected(r.id)}>{r.name}</button> {r.matches.join(', ')} {r.enabled ? 'on' : 'off'}
              <Show when={r.error}>{(e) => <span class="error"> {e()}</span>}</Show>
              <ul>
                <For each={r.permissions}>{(p) => <li>{p.card}</li>}</For>
              </ul>
              <button type="button" onClick={() => void worker().remove({ remixletId: r.id }).then(() => refetch())}>Delete</button>
            </li>
          )}
        </For>
      </ul>
      <Show when={selected()}>
        <section aria-label="Log">
          <h2>Log</h2>
          <ol class="log">
            <For each={log() ?? []}>{(entry) => <li data-level={entry.level}>{new Date(entry.at).toLocaleTimeString()} {entry.message}</li>}</For>
          </ol>
        </section>
      </Show>
    </main>
  );
}
render(() => <Manager />, document.getElementById('root')!);
