// Context: side panel. The chat's home, bound to one tab (?tab= or the active tab when it opened; it does
// not follow later tab switches, but does follow that tab's address as it moves): the assistant's chat, pending permission cards and activation dialogs for
// that tab (fixed text, ApprovalCard), provider settings (kept, unsaved edits too, while closed), and the
// remixlets that run there.
import { createEffect, createResource, createSignal, For, on, onCleanup, Show } from 'solid-js';
import type { PendingApproval } from '../contracts/boundaries/panel-worker';
import { liveSubscription, worker } from './worker-client';
import { boundTab } from './bound-tab';
import { ApprovalCard } from './ApprovalCard';
import { ChatView } from './chat/ChatView';
import { createChat, type Chat } from './chat/controller';
import { ProviderSettingsForm } from './settings/ProviderSettings';
import { decided, deciding, isWaiting, stillPending } from './assistant/decisions';
import { answerWithoutTool } from './assistant/late-answer';
import { answerNotRecorded } from './approval-refusal';
import { followFixRequests } from './chat/follow-fix-requests';
import { decisionStatus } from './decision-status';
import { FirstRun } from './chat/FirstRun';
import { loadProviderSettings } from './assistant/settings';

export function Panel() {
  const [tab] = createResource(boundTab);
  const [pending, setPending] = createSignal<PendingApproval[]>([]);
  const [status, setStatus] = createSignal('');
  // Whether the status line speaks of a permission card's answer (it goes when the turn that asked ends).
  let statusOfCard = false;
  const [showSettings, setShowSettings] = createSignal(false);
  const [settingsUnsaved, setSettingsUnsaved] = createSignal(false);
  // The bound tab's address now, from the browser's tab record (never from the page): the header, "On this
  // page" and the chat's next turn follow the tab as it moves within the site.
  const [movedTo, setMovedTo] = createSignal<string>();
  const url = () => movedTo() ?? tab()?.url;
  const onTabUpdated = (tabId: number, change: { url?: string }) => {
    if (change.url !== undefined && tabId === tab()?.id) setMovedTo(change.url);
  };
  chrome.tabs.onUpdated.addListener(onTabUpdated);
  onCleanup(() => chrome.tabs.onUpdated.removeListener(onTabUpdated));
  const [remixlets, { refetch }] = createResource(
    () => (tab() ? { url: url() } : undefined),
    (where) => worker().list(where),
  );
  const [chat, setChat] = createSignal<Chat | undefined>();

  let sub: { unsubscribe(): void } | undefined;
  let fixes: { unsubscribe(): void } | undefined;
  const watch = (tabId: number) => {
    sub?.unsubscribe();
    sub = liveSubscription((w) =>
      w.pending(
        { tabId },
        {
          onData: (list) => {
            setPending(list);
            stillPending(new Set(list.map((a) => a.approvalId)));
          },
        },
      ),
    );
  };
  const bind = (t: chrome.tabs.Tab) => {
    if (chat() || t.id === undefined) return;
    watch(t.id);
    // A getter, so each turn reads the address the tab has then.
    const c = createChat({
      id: t.id,
      get url() {
        return url() ?? '';
      },
    });
    setChat(c);
    const restored = c.restore().catch(() => undefined);
    fixes = followFixRequests(t.id, c, restored);
  };
  // A turn may have saved a remixlet: the list of what runs here is fetched again when it ends. The status
  // line spoke of an answer during the turn; a new turn or its end leaves it empty rather than stale.
  createEffect(
    on(
      () => chat()?.state.working,
      (working, was) => {
        // A card's answer is in the transcript once the tool row ends ("allowed", "declined"); an applied
        // version stays news until the next turn starts.
        if (working && !was) setStatus('');
        if (was && !working && statusOfCard) setStatus('');
        if (was && !working) void refetch();
      },
    ),
  );
  // Whether a provider is saved: an empty chat says to set one up first until one is.
  const [providerSaved, { refetch: recheckProvider }] = createResource(async () => !!(await loadProviderSettings().catch(() => undefined)));
  const settingsSaved = () => {
    void recheckProvider();
    chat()?.setupFixed();
  };
  onCleanup(() => {
    sub?.unsubscribe();
    fixes?.unsubscribe();
    chat()?.dispose();
  });

  // Approvals already answered in this panel: kept here, not in the card, because a new pending list
  // re-creates the cards, and a second answer would only be refused as already used.
  const [answered, setAnswered] = createSignal<ReadonlySet<string>>(new Set());
  const decide = async (a: PendingApproval, allow: boolean) => {
    if (answered().has(a.approvalId)) return;
    setAnswered(new Set([...answered(), a.approvalId]));
    // A card can outlive the turn that asked for it (the panel was reloaded): its answer still reaches the model.
    const toolWaiting = isWaiting(a.approvalId);
    deciding(a.approvalId);
    try {
      const result = await worker().decide({ approvalId: a.approvalId, allow });
      setStatus(decisionStatus(a, result));
      statusOfCard = a.kind === 'permissions';
      decided(a.approvalId, result);
      if (!toolWaiting) chat()?.noteForModel(answerWithoutTool(a, result));
      void refetch();
    } catch (e) {
      decided(a.approvalId, { status: 'gone', reason: 'Remixlet could not record the answer.' });
      setStatus(answerNotRecorded(e));
    }
  };

  return (
    <main>
      <header>
        <h1>Remixlet</h1>
        <Show when={tab()}>
          {(t) => (
            <p class="bound-tab" data-tab-id={t().id}>
              {(bind(t()), url())}
            </p>
          )}
        </Show>
        <button type="button" class="settings-toggle" aria-expanded={showSettings()} onClick={() => setShowSettings(!showSettings())}>
          {settingsUnsaved() ? 'Settings (unsaved changes)' : 'Settings'}
        </button>
      </header>
      {/* Hidden, not removed, when closed: what was typed stays until Save, and the button says so meanwhile. */}
      <div hidden={!showSettings()}>
        <ProviderSettingsForm open={showSettings()} onUnsavedChange={setSettingsUnsaved} onSaved={settingsSaved} />
      </div>
      <Show when={providerSaved() === false && !showSettings() && (chat()?.state.entries.length ?? 0) === 0}>
        <FirstRun onOpenSettings={() => setShowSettings(true)} />
      </Show>
      <Show when={chat()}>
        {(c) => (
          <ChatView chat={c()} nameOf={(id) => remixlets()?.find((r) => r.id === id)?.name}>
            <For each={pending()}>
              {(a) => <ApprovalCard approval={a} answered={answered().has(a.approvalId)} draftName={c().draftName()} onDecide={(allow) => void decide(a, allow)} />}
            </For>
          </ChatView>
        )}
      </Show>
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
