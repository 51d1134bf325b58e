// Context: toolbar popup entry: the remixlets on the current page, each with its switch.
import { render } from 'solid-js/web';
import { createResource, For } from 'solid-js';
import { worker } from './worker-client';
import { boundTab } from './bound-tab';

function Popup() {
  const [tab] = createResource(boundTab);
  const [list, { refetch }] = createResource(tab, (t) => worker().list({ url: t.url }));
  const toggle = async (id: string, enabled: boolean) => {
    await worker().setEnabled({ remixletId: id, enabled });
    const t = tab();
    if (t?.id !== undefined && !enabled) await chrome.tabs.reload(t.id);
    void refetch();
  };
  return (
    <main>
      <h1>Remixlet</h1>
      <ul>
        <For each={list() ?? []} fallback={<li>No remixlet runs on this page.</li>}>
          {(r) => (
            <li>
              <label>
                <input type="checkbox" checked={r.enabled} onChange={(e) => void toggle(r.id, e.currentTarget.checked)} /> {r.name}
              </label>
            </li>
          )}
        </For>
      </ul>
      <a href="manager.html" target="_blank">Manage remixlets</a>
    </main>
  );
}
render(() => <Popup />, document.getElementById('root')!);
