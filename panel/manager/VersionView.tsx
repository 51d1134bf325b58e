// Context: manager page. One stored version: what it changed from the one before, or its full code, file by
// file, read only. Both are the stored files as text.
import { createSignal, For, Match, Switch as Choose } from 'solid-js';
import { FILE_NAMES, type VersionRecord } from '../../contracts/remixlet';
import { ChangesView } from './ChangesView';
import { CodeView } from './CodeView';

export function VersionView(props: { version: VersionRecord; before: VersionRecord | undefined }) {
  const [view, setView] = createSignal<'changes' | 'code'>('changes');
  const files = () => FILE_NAMES.filter((f) => props.version.files[f] !== undefined);
  return (
    <div class="version-view">
      <div class="view-choice" role="group" aria-label={`Show version ${props.version.version} as`}>
        <button type="button" aria-pressed={view() === 'changes'} onClick={() => setView('changes')}>
          Changes
        </button>
        <button type="button" aria-pressed={view() === 'code'} onClick={() => setView('code')}>
          Code
        </button>
      </div>
      <Choose>
        <Match when={view() === 'changes'}>
          <ChangesView before={props.before?.files} after={props.version.files} version={props.version.version} />
        </Match>
        <Match when={view() === 'code'}>
          <For each={files()}>
            {(file) => (
              <section class="file-code">
                <h5>{file}</h5>
                <CodeView file={file} text={props.version.files[file] ?? ''} label={`${file} of version ${props.version.version}, read only`} />
              </section>
            )}
          </For>
        </Match>
      </Choose>
    </div>
  );
}
