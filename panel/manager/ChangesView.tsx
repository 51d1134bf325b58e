// Context: manager page. What a version changed from the one before: permissions and sites added or
// removed first (permissions in fixed extension text), what its code can do computed from its files with
// the lines a version added or dropped marked (contracts/can-do), then a unified diff of every file.
import { For, Show } from 'solid-js';
import type { Files } from '../../contracts/remixlet';
import { changesBetween, type FileChange } from './version-diff';
import { siteWords } from '../../contracts/policy/site-words';
import { canDoOf } from '../../contracts/can-do/files';
import { canDoChanges } from '../../contracts/can-do/items';
import { CanDoList } from '../CanDoList';

const STATUS_TEXT: Record<FileChange['status'], string> = { added: 'new file', removed: 'removed', changed: 'changed', unchanged: 'unchanged' };
const MARK = { add: '+', del: '-', same: ' ' } as const;

function FileDiff(props: { change: FileChange; version: number }) {
  const summary = () => (props.change.status === 'unchanged' ? 'unchanged' : `${STATUS_TEXT[props.change.status]}, ${props.change.added} added, ${props.change.removed} removed`);
  return (
    <section class="file-diff" data-file={props.change.file} data-status={props.change.status}>
      <h5>
        {props.change.file} <span class="muted">({summary()})</span>
      </h5>
      <Show when={props.change.hunks.length}>
        {/* A wide diff scrolls; tabindex lets a keyboard reach it to scroll. */}
        <pre class="diff" tabindex="0" aria-label={`Changes to ${props.change.file} in version ${props.version}`}>
          <For each={props.change.hunks}>
            {(hunk) => (
              <>
                <span class="hunk">{hunk.header}</span>
                {'\n'}
                <For each={hunk.lines}>
                  {(line) => (
                    <>
                      {line.kind === 'add' ? <ins>{`${MARK.add} ${line.text}`}</ins> : line.kind === 'del' ? <del>{`${MARK.del} ${line.text}`}</del> : <span>{`  ${line.text}`}</span>}
                      {'\n'}
                    </>
                  )}
                </For>
              </>
            )}
          </For>
        </pre>
      </Show>
    </section>
  );
}

export function ChangesView(props: { before: Files | undefined; after: Files; version: number }) {
  const changes = () => changesBetween(props.before, props.after);
  return (
    <div class="changes">
      <Show when={!props.before}>
        <p>The first version: everything in it is new.</p>
      </Show>
      <Show when={changes().manifestUnreadable}>
        <p class="warning">A manifest.json here does not parse, so its permission changes cannot be listed; read the diff below.</p>
      </Show>
      <PermissionCallout kind="added" title="Permissions added" permissions={changes().permissionsAdded} />
      <PermissionCallout kind="removed" title="Permissions removed" permissions={changes().permissionsRemoved} />
      {/* A first version's sites are in its "can do" list; "now also" would say there was a before. */}
      <Show when={props.before && (changes().sitesAdded.length || changes().sitesRemoved.length)}>
        <ul class="site-changes">
          <For each={changes().sitesAdded}>{(s) => <li>Now also runs on {siteWords(s)}</li>}</For>
          <For each={changes().sitesRemoved}>{(s) => <li>No longer runs on {siteWords(s)}</li>}</For>
        </ul>
      </Show>
      <CanDoList
        title={props.before ? `What the code of version ${props.version} can do, and what changed` : `What the code of version ${props.version} can do`}
        changes={canDoChanges(props.before ? canDoOf(props.before) : undefined, canDoOf(props.after))}
      />
      <For each={changes().files}>{(c) => <FileDiff change={c} version={props.version} />}</For>
    </div>
  );
}

/** Permissions a version added or removed, each with its fixed card text. */
function PermissionCallout(props: { kind: 'added' | 'removed'; title: string; permissions: ReadonlyArray<{ name: string; text: string }> }) {
  return (
    <Show when={props.permissions.length}>
      <div class={`callout ${props.kind}`} role="note" aria-label={props.title}>
        <h5>{props.title}</h5>
        <ul>
          <For each={props.permissions}>
            {(p) => (
              <li data-permission={p.name}>
                <code>{p.name}</code>: {p.text}
              </li>
            )}
          </For>
        </ul>
      </div>
    </Show>
  );
}
