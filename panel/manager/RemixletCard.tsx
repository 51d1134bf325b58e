// Context: manager page. One remixlet: its state, sites, permissions (fixed extension text, never the
// model's reasons), the actions that change it, and its log and History on demand. A remixlet whose
// record no longer reads shows the worker's error and can still be deleted.
import { createSignal, For, Show } from 'solid-js';
import type { RemixletSummary } from '../../contracts/remixlet';
import { Switch } from '../popup/Switch';
import { STATE_TEXT, siteText, stateOf } from './filter';
import { LogView } from './LogView';
import { History } from './History';
import { ConfirmDialog } from './ConfirmDialog';
import { HealthHistory } from './HealthHistory';

export interface CardActions {
  setEnabled(r: RemixletSummary, on: boolean): void;
  setArchived(r: RemixletSummary, archived: boolean): void;
  remove(r: RemixletSummary): void;
  status(text: string): void;
  refresh(): void;
  /** Whether an action on this remixlet is under way: its buttons wait for it. */
  busy(id: string): boolean;
  /** Runs `work` unless an action on this remixlet is under way (then it is ignored). */
  run(r: RemixletSummary, work: () => Promise<void>): Promise<void>;
}

export function RemixletCard(props: { remixlet: RemixletSummary; actions: CardActions }) {
  const r = () => props.remixlet;
  const [open, setOpen] = createSignal<'log' | 'history' | undefined>();
  const [confirmDelete, setConfirmDelete] = createSignal(false);
  const headingId = () => `name-${r().id}`;
  const busy = () => props.actions.busy(r().id);
  const toggle = (which: 'log' | 'history') => setOpen(open() === which ? undefined : which);

  return (
    <article class="remixlet" aria-busy={busy()} data-remixlet-id={r().id} data-state={stateOf(r())} aria-labelledby={headingId()}>
      <header class="section-head">
        <h2 id={headingId()}>{r().name}</h2>
        {/* The switch says On or Off itself; a label is for the states it cannot show. */}
        <Show when={!r().error && !r().archived} fallback={<span class={`state ${stateOf(r())}`}>{STATE_TEXT[stateOf(r())]}</span>}>
          <Switch on={r().enabled} label={r().name} busy={busy()} onChange={(on) => props.actions.setEnabled(r(), on)} />
        </Show>
      </header>
      <Show when={r().error}>
        <p class="error" role="note">
          This remixlet cannot be read: {r().error}. It does not run; you can delete it, or restore a version from History.
        </p>
      </Show>
      <Show when={r().description}>
        <p class="description">{r().description}</p>
      </Show>
      <Show when={!r().error}>
        <dl class="facts">
          <dt>Runs on</dt>
          <dd>
            <ul class="sites">
              <For each={r().matches}>{(m) => <li>{siteText(m)}</li>}</For>
            </ul>
          </dd>
          <dt>Permissions</dt>
          <dd>
            <ul class="permissions">
              <For each={r().permissions} fallback={<li>None: it only works with the page.</li>}>
                {(p) => (
                  <li data-permission={p.name}>
                    <code>{p.name}</code>: {p.card}
                  </li>
                )}
              </For>
            </ul>
          </dd>
          <dt>Version</dt>
          <dd>{r().version}</dd>
        </dl>
      </Show>
      <Show when={!r().error}>
        <HealthHistory remixlet={r()} onStatus={props.actions.status} />
      </Show>
      <div class="actions">
        {/* A remixlet that cannot be read still has its log and its readable versions: they show what broke. */}
        <button type="button" aria-expanded={open() === 'log'} onClick={() => toggle('log')}>
          Log
        </button>
        <button type="button" aria-expanded={open() === 'history'} onClick={() => toggle('history')}>
          History
        </button>
        <Show when={!r().error}>
          <button type="button" disabled={busy()} onClick={() => props.actions.setArchived(r(), !r().archived)}>
            {r().archived ? 'Unarchive' : 'Archive'}
          </button>
        </Show>
        <button type="button" class="danger" disabled={busy()} onClick={() => setConfirmDelete(true)}>
          Delete
        </button>
      </div>
      <Show when={open() === 'log'}>
        <LogView remixletId={r().id} name={r().name} />
      </Show>
      <Show when={open() === 'history'}>
        <History remixlet={r()} busy={busy()} run={(work) => props.actions.run(r(), work)} onStatus={props.actions.status} onChanged={props.actions.refresh} />
      </Show>
      <ConfirmDialog
        open={confirmDelete()}
        title={`Delete "${r().name}"?`}
        confirmLabel="Delete"
        danger
        onConfirm={() => {
          setConfirmDelete(false);
          props.actions.remove(r());
        }}
        onCancel={() => setConfirmDelete(false)}
      >
        <p>Its code, every version, its log and its stored data are removed, and every permission it held goes with it. The tabs it runs on reload. This cannot be undone.</p>
      </ConfirmDialog>
    </article>
  );
}
