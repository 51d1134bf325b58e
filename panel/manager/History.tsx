// Context: manager page. A remixlet's History: every stored version, newest first, each with its changes
// and full code, and "Restore", whose confirmation is the approval the worker asks for (RestoreDialog).
// A version the worker cannot restore (an API this extension no longer runs) says why, and nothing changes.
import { createResource, createSignal, For, Show } from 'solid-js';
import type { PendingApproval } from '../../contracts/boundaries/panel-worker';
import type { RemixletSummary, VersionRecord } from '../../contracts/remixlet';
import { asRefusal } from '../../contracts/trpc-errors';
import { worker } from '../worker-client';
import { VersionView } from './VersionView';
import { RestoreDialog } from './RestoreDialog';

const ORIGIN_TEXT: Record<VersionRecord['origin'], string> = { agent: 'saved by the agent', restore: 'restored', seed: 'imported' };

function describe(v: VersionRecord): string {
  const from = v.restoredFrom !== undefined ? ` from version ${v.restoredFrom}` : '';
  return `${ORIGIN_TEXT[v.origin]}${from}, ${new Date(v.savedAt).toLocaleString()}`;
}

/** `busy`/`run`: the card's one-action-at-a-time guard; asking for a restore and answering it each hold it. */
export function History(props: { remixlet: RemixletSummary; busy: boolean; run: (work: () => Promise<void>) => Promise<void>; onStatus: (text: string) => void; onChanged: () => void }) {
  // Keyed on the head too, so a restore shows up here as soon as the list says so.
  const [versions] = createResource(
    () => ({ remixletId: props.remixlet.id, head: props.remixlet.version }),
    ({ remixletId }) => worker().versions({ remixletId }),
  );
  const newestFirst = () => [...(versions() ?? [])].reverse();
  const [picked, setPicked] = createSignal<number>();
  const shown = () => newestFirst().find((v) => v.version === picked()) ?? newestFirst()[0];
  const before = (v: VersionRecord) => newestFirst().find((o) => o.version < v.version);
  const [problem, setProblem] = createSignal('');
  const [asking, setAsking] = createSignal<{ approval: PendingApproval; version: number }>();

  const askRestore = (version: number) =>
    props.run(async () => {
      if (asking()) return;
      setProblem('');
      try {
        setAsking({ approval: await worker().requestRestore({ remixletId: props.remixlet.id, version }), version });
      } catch (e) {
        setProblem(asRefusal(e).reason);
      }
    });

  const decide = async (allow: boolean) => {
    const pending = asking();
    setAsking(undefined);
    if (!pending) return;
    await props.run(() => answer(pending, allow));
  };
  const answer = async (pending: { approval: PendingApproval; version: number }, allow: boolean) => {
    try {
      const result = await worker().decide({ approvalId: pending.approval.approvalId, allow });
      if (result.status === 'activated') {
        setPicked(undefined);
        props.onStatus(`Restored version ${pending.version} as version ${result.version}; the tabs it runs on reloaded.`);
      } else {
        props.onStatus(`Version ${pending.version} was not restored; nothing changed.`);
      }
    } catch (e) {
      setProblem(asRefusal(e).reason);
    }
    props.onChanged();
  };

  return (
    <section class="history" aria-label={`History of ${props.remixlet.name}`}>
      <h4>History</h4>
      <p role="alert" class="problem">
        {problem()}
      </p>
      <div class="history-layout">
        <ol class="versions" aria-label="Versions, newest first">
          <For each={newestFirst()} fallback={<li>No readable versions.</li>}>
            {(v) => (
              <li data-version={v.version}>
                <button type="button" aria-pressed={shown()?.version === v.version} onClick={() => setPicked(v.version)}>
                  Version {v.version}
                  {v.version === props.remixlet.version ? ' (current)' : ''}
                </button>
                <span class="muted">{describe(v)}</span>
              </li>
            )}
          </For>
        </ol>
        <Show when={shown()} keyed>
          {(v) => (
            <section class="version" data-version={v.version} aria-label={`Version ${v.version}`}>
              <div class="section-head">
                <h4>Version {v.version}</h4>
                <Show when={v.version !== props.remixlet.version}>
                  <button type="button" class="restore" disabled={props.busy} onClick={() => void askRestore(v.version)}>
                    Restore version {v.version}
                  </button>
                </Show>
              </div>
              <VersionView version={v} before={before(v)} />
            </section>
          )}
        </Show>
      </div>
      <RestoreDialog approval={asking()?.approval} version={asking()?.version ?? 0} onDecide={(allow) => void decide(allow)} />
    </section>
  );
}
