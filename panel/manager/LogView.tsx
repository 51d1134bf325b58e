// Context: manager page. A remixlet's log, newest first as the worker returns it, refusals with their code
// and reason. Messages are text written by the remixlet or the extension; they are shown, never run.
import { createResource, For, Show } from 'solid-js';
import { worker } from '../worker-client';

export function LogView(props: { remixletId: string; name: string }) {
  const [log, { refetch }] = createResource(
    () => props.remixletId,
    (remixletId) => worker().readLog({ remixletId }),
  );
  return (
    <section class="log" aria-label={`Log of ${props.name}`}>
      <div class="section-head">
        <h4>Log</h4>
        <button type="button" onClick={() => void refetch()}>
          Refresh log
        </button>
      </div>
      <ol class="log-entries">
        <For each={log() ?? []} fallback={<li>Nothing logged yet.</li>}>
          {(entry) => (
            <li data-level={entry.level}>
              <time dateTime={new Date(entry.at).toISOString()}>{new Date(entry.at).toLocaleString()}</time>{' '}
              <span class="level">{entry.level === 'refusal' ? 'Refused' : entry.level}</span> <span class="source">({entry.source})</span>{' '}
              <span class="message">{entry.message}</span>
              <Show when={entry.refusal}>
                {(r) => (
                  <span class="refusal">
                    {' '}
                    <code>{r().code}</code>
                    <Show when={!entry.message.includes(r().reason)}>: {r().reason}</Show>
                  </span>
                )}
              </Show>
            </li>
          )}
        </For>
      </ol>
    </section>
  );
}
