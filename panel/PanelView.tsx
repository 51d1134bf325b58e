// Context: side panel. The chat's home: pending permission cards and activation dialogs for the bound
// tab, and the remixlets that run there. (The agent's chat arrives with the agent issue.)
import { createResource, createSignal, For, onCleanup, Show } from 'solid-js';
import type { PendingApproval } from '../contracts/boundaries/panel-worker';
import { worker } from './worker-client';
import { boundTab } from './bound-tab';
import { ApprovalCard } from './ApprovalCard';

export function Panel() {
  const [tab] = createResource(boundTab);
  const [pending, setPending] = createSignal<PendingApproval[]>([]);
  const [status, setStatus] = createSignal('');
  const [remixlets, { refetch }] = createResource(tab, (t) => worker().list({ url: t.url }));

  let sub: { unsubscribe(): void } | undefined;
  const watch = (tabId: number) => {
    sub?.unsubscribe();
    sub = worker().pending({ tabId }, { onData: setPending });
  };
  onCleanup(() => sub?.unsubscribe());

  const decide = async (a: PendingApproval, allow: boolean) => {
    try {
      const result = await worker().decide({ approvalId: a.approvalId, allow });
      setStatus(result.status === 'activated' ? `Applied version ${result.version}.` : result.status === 'declined' ? 'Not applied; the previous version stays.' : 'Allowed.');
      void refetch();
    } catch (e) {
      setStatus(`Could not record that: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  return (
    <main>
      <header>
        <h1>Remixlet</h1>
        <Show when={tab()}>{(t) => <p class="bound-tab" data-tab-id={t().id}>{(() => { watch(t().id!); return t().url; })()}</p>}</Show>
      </header>
      <For each={pending()}>{(a) => <ApprovalCard approval={a} onDecide={(allow) => void decide(a, allow)} />}</For>
      <p role="status" class="status">{status()}</p>
      <section aria-label="Remixlets on this page">
        <h2>On this page</h2>
        <ul>
          <For each={remixlets() ?? []} fallback={<li>No remixlet runs here yet.</li>}>
            {(r) => <li data-remixlet-id={r.id}>{r.name}</li>}
          </For>
        </ul>
      </section>
    </main>
  );
}
