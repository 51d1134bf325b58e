// Context: manager page. The confirmation for restoring a version, which is its approval: the worker binds
// it to the digest of that version's files and uses it once. The one place a model-written reason is shown:
// each permission's name and fixed text, with the reason stored in that version, labelled as such. Nothing
// else the model wrote appears here: not the remixlet's name (the dialog opens from its card), and the sites
// are the worker's fixed labels.
import { For, Show } from 'solid-js';
import type { PendingApproval } from '../../contracts/boundaries/panel-worker';
import { ConfirmDialog } from './ConfirmDialog';
import { CanDoList } from '../CanDoList';
import { canDoChanges } from '../../contracts/can-do/items';

export function RestoreDialog(props: { approval: PendingApproval | undefined; version: number; onDecide: (allow: boolean) => void }) {
  return (
    <ConfirmDialog
      open={!!props.approval}
      title={`Restore version ${props.version} of this remixlet?`}
      confirmLabel={`Restore version ${props.version}`}
      onConfirm={() => props.onDecide(true)}
      onCancel={() => props.onDecide(false)}
    >
      <p class="restore-what" data-approval-id={props.approval?.approvalId}>
        It comes back as a new version, with exactly the files shown in History, and the tabs it runs on reload.
      </p>
      {/* The worker's labels already ("shop.test", "every site"). */}
      <p>Runs on: {(props.approval?.sites ?? []).join(', ') || 'no site'}</p>
      <Show when={props.approval?.canDo}>{(items) => <CanDoList title="What its code can do" changes={canDoChanges(undefined, items())} />}</Show>
      <Show when={props.approval?.rows.length} fallback={<p>It asks for no permissions.</p>}>
        <p>Its permissions, with the reasons the agent wrote when it saved that version:</p>
        <ul class="rows">
          <For each={props.approval?.rows ?? []}>
            {(row) => (
              <li data-permission={row.name}>
                <code>{row.name}</code>: {row.text}
                <Show when={row.storedReason}>
                  <br />
                  <span class="stored-reason">Reason stored in that version: {row.storedReason}</span>
                </Show>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </ConfirmDialog>
  );
}
