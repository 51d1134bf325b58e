// Context: manager page (an extension page in a tab; talks only to the worker). Every remixlet with search
// and a state filter, paused sites, and the actions that change them. The worker reloads the tabs each
// change affects (switching on is the one the manager asks for); it has already torn the sandboxes down
// when it does. A change made
// elsewhere (the assistant's save, the popup's switch, another manager tab) arrives as the worker's `changes`
// event and the lists are read again; they are also read again whenever the manager's tab is shown or
// focused, in case an event was lost with the worker's port. One action at a time per remixlet: its
// buttons wait for the first.
import { createResource, createSignal, For, onCleanup, Show } from 'solid-js';
import type { RemixletSummary } from '../../contracts/remixlet';
import { asRefusal } from '../../contracts/trpc-errors';
import { worker } from '../worker-client';
import { followStoreChanges } from '../follow-changes';
import { reconciledStorage } from '../popup/reconciled';
import { FILTERS, visible, type Filter } from './filter';
import { RemixletCard, type CardActions } from './RemixletCard';
import { PausedSites } from './PausedSites';
import './manager.css';

const tabsText = (n: number | undefined) => (n === 1 ? '1 tab' : `${n ?? 0} tabs`);

export function Manager() {
  const [list, { refetch }] = createResource(() => worker().list({}), { storage: reconciledStorage });
  const [paused, { refetch: refetchPaused }] = createResource(() => worker().pausedSites({}));
  const [search, setSearch] = createSignal('');
  const [filter, setFilter] = createSignal<Filter>('all');
  const [status, setStatus] = createSignal('');
  const shown = () => visible(list() ?? [], search(), filter());

  const refreshAll = () => {
    void refetch();
    void refetchPaused();
  };
  followStoreChanges(refreshAll);
  const onShown = () => document.visibilityState === 'visible' && refreshAll();
  document.addEventListener('visibilitychange', onShown);
  window.addEventListener('focus', onShown);
  onCleanup(() => {
    document.removeEventListener('visibilitychange', onShown);
    window.removeEventListener('focus', onShown);
  });

  // What is under way, by remixlet id (or paused site): a second press meanwhile is ignored.
  const [busy, setBusy] = createSignal<ReadonlySet<string>>(new Set());
  const isBusy = (id: string) => busy().has(id);
  const oneAtATime = async (id: string, work: () => Promise<void>) => {
    if (isBusy(id)) return;
    setBusy(new Set([...busy(), id]));
    try {
      await work();
    } finally {
      const rest = new Set(busy());
      rest.delete(id);
      setBusy(rest);
    }
  };
  const act = (id: string, work: () => Promise<string>) =>
    oneAtATime(id, async () => {
      try {
        setStatus(await work());
      } catch (e) {
        setStatus(`That did not work: ${asRefusal(e).reason}`);
      }
      refreshAll();
    });

  const actions: CardActions = {
    setEnabled: (r: RemixletSummary, on: boolean) =>
      void act(r.id, async () => {
        const { reloaded } = await worker().setEnabled({ remixletId: r.id, enabled: on, reload: 'matching' });
        return `Switched ${on ? 'on' : 'off'} "${r.name}"; reloaded ${tabsText(reloaded)}.`;
      }),
    setArchived: (r, archived) =>
      void act(r.id, async () => {
        const { reloaded } = await worker().setArchived({ remixletId: r.id, archived });
        return `${archived ? 'Archived' : 'Unarchived'} "${r.name}"; reloaded ${tabsText(reloaded)}.`;
      }),
    remove: (r) =>
      void act(r.id, async () => {
        const { reloaded } = await worker().remove({ remixletId: r.id });
        return `Deleted "${r.name}" and every permission it held; reloaded ${tabsText(reloaded)}.`;
      }),
    status: setStatus,
    refresh: () => void refetch(),
    busy: isBusy,
    run: (r, work) => oneAtATime(r.id, work),
  };

  const resume = (site: string) =>
    void act(`site:${site}`, async () => {
      const { reloaded } = await worker().pauseSite({ site, paused: false });
      return `Resumed remixlets on ${site}; reloaded ${tabsText(reloaded)}.`;
    });

  return (
    <main class="manager">
      <h1>Your remixlets</h1>
      <div class="toolbar" role="search">
        <label>
          Search <input type="search" value={search()} onInput={(e) => setSearch(e.currentTarget.value)} placeholder="Name, site or permission" />
        </label>
        <label>
          Show{' '}
          <select value={filter()} onChange={(e) => setFilter(e.currentTarget.value as Filter)}>
            <For each={FILTERS}>{(f) => <option value={f.value}>{f.label}</option>}</For>
          </select>
        </label>
      </div>
      <p role="status" class="status">
        {status()}
      </p>
      <PausedSites sites={paused() ?? []} onResume={resume} />
      {/* latest, not state: a refetch keeps the cards (and what is open in them) in place. */}
      <Show when={list.latest !== undefined}>
        <p class="count">
          Showing {shown().length} of {list()?.length ?? 0}
        </p>
        <div class="remixlet-list">
          <For each={shown()} fallback={<p>{list()?.length ? 'No remixlet matches the search.' : 'No remixlets yet. Ask the agent in the side panel to make one.'}</p>}>
            {(r) => <RemixletCard remixlet={r} actions={actions} />}
          </For>
        </div>
      </Show>
    </main>
  );
}
