// Context: toolbar popup (an extension page; talks only to the worker). The remixlets that cover the page
// the popup is about, each with its state there (working, not working since a date, refused something) and
// "Fix it", its switch and "Off in this tab", and "Pause this site". The page's address comes from the
// browser's tab record, never from the page; which remixlets cover it is the worker's answer.
import { createResource, createSignal, For, Show } from 'solid-js';
import type { RemixletSummary } from '../../contracts/remixlet';
import { asRefusal } from '../../contracts/trpc-errors';
import { worker } from '../worker-client';
import { boundTab } from '../bound-tab';
import { Switch } from './Switch';
import { TabOffButton } from './TabOffButton';
import { webSiteOf } from './web-site';
import { openChat } from './open-chat';
import { reconciledStorage } from './reconciled';
import { followStoreChanges } from '../follow-changes';
import { HealthLine } from '../health/HealthLine';
import { followHealth } from '../health/follow-health';
import { requestFix } from '../health/request-fix';
import '../health/health.css';
import './popup.css';

export function Popup() {
  const [tab] = createResource(boundTab);
  const site = () => webSiteOf(tab()?.url);
  // Only a web page is asked about: list({}) without an address would be every remixlet.
  const [list, { refetch }] = createResource(
    () => (site() ? tab()?.url : undefined),
    (url) => worker().list({ url }),
    { storage: reconciledStorage },
  );
  const [paused, { refetch: refetchPaused }] = createResource(() => worker().pausedSites({}));
  const [offHere, { refetch: refetchOffHere }] = createResource(() => tab()?.id, (tabId) => worker().offInTab({ tabId }));
  const [status, setStatus] = createSignal('');
  const [busy, setBusy] = createSignal(false);
  // A change made elsewhere while the popup is open (the manager, the assistant's save) shows here too.
  followStoreChanges(() => {
    void refetch();
    void refetchPaused();
    void refetchOffHere();
  });

  // Each remixlet's state on this page, kept current while the popup is open.
  const health = followHealth(() => (site() ? { url: tab()!.url! } : undefined));
  // Archived remixlets never run, and one whose record no longer reads cannot be said to cover this page.
  const here = () => (list() ?? []).filter((r) => !r.archived && !r.error);
  const sitePaused = () => !!site() && (paused() ?? []).includes(site()!);

  // One change at a time: a second press meanwhile is ignored. The switches say so (aria-disabled); nothing
  // is made `disabled`, so keyboard focus stays where it was.
  const act = async (work: () => Promise<string>) => {
    if (busy()) return;
    setBusy(true);
    try {
      setStatus(await work());
    } catch (e) {
      setStatus(`That did not work: ${asRefusal(e).reason}`);
    } finally {
      setBusy(false);
      void refetch();
      void refetchPaused();
      void refetchOffHere();
    }
  };

  // Switching on reloads too: the page agent only arrives with a page load when nothing else ran here.
  const toggle = (r: RemixletSummary, on: boolean) =>
    act(async () => {
      const tabId = tab()?.id;
      await worker().setEnabled({ remixletId: r.id, enabled: on, ...(tabId !== undefined ? { reload: { tabId } } : {}) });
      return on ? `Switched on "${r.name}"; reloading this page so it runs.` : `Switched off "${r.name}"; reloading this page to clear its changes.`;
    });

  const setOffHere = (r: RemixletSummary, off: boolean) =>
    act(async () => {
      await worker().setOffInTab({ tabId: tab()!.id!, remixletId: r.id, off });
      return off ? `Switched off "${r.name}" in this tab until it closes or leaves ${site()}; reloading it.` : `Switched "${r.name}" back on in this tab; reloading it.`;
    });

  // The side panel opens first, inside the click's gesture; the worker then hands it the remixlet to fix.
  const fixIt = (r: RemixletSummary) => {
    const tabId = tab()?.id;
    if (tabId === undefined) return;
    openChat(tabId);
    void requestFix(tabId, r.id).then(
      () => setStatus(`Opened the chat to fix "${r.name}".`),
      (e: unknown) => setStatus(`That did not work: ${asRefusal(e).reason}`),
    );
  };

  const setPaused = (pause: boolean) =>
    act(async () => {
      const s = site()!;
      const { reloaded } = await worker().pauseSite({ site: s, paused: pause });
      const tabs = reloaded === 1 ? '1 tab' : `${reloaded ?? 0} tabs`;
      return pause ? `Paused every remixlet on ${s}; reloaded ${tabs}.` : `Resumed remixlets on ${s}; reloaded ${tabs}.`;
    });

  return (
    <main class="popup">
      <header>
        <h1>Remixlet</h1>
        <Show when={site()}>{(s) => <p class="site">{s()}</p>}</Show>
      </header>
      <Show when={tab.state === 'ready'}>
        <Show when={site()} fallback={<p>Remixlets run only on web pages.</p>}>
          <Show when={sitePaused()}>
            <p class="paused-note">Every remixlet on {site()} is paused.</p>
          </Show>
          {/* latest, not state: a refetch keeps the list, and the focus in it. */}
          <Show when={list.latest !== undefined}>
            <ul class="remixlets" aria-label="Remixlets on this page">
              <For each={here()} fallback={<li class="empty">No remixlet runs on this page.</li>}>
                {(r) => (
                  <li data-remixlet-id={r.id}>
                    <div class="about">
                      <span class="name">{r.name}</span>
                      <HealthLine report={health().get(r.id)} name={r.name} onFix={() => fixIt(r)} />
                    </div>
                    <div class="controls">
                      <Show when={r.enabled && tab()?.id !== undefined}>
                        <TabOffButton off={(offHere() ?? []).includes(r.id)} name={r.name} busy={busy()} onChange={(off) => void setOffHere(r, off)} />
                      </Show>
                      <Switch on={r.enabled} label={r.name} busy={busy()} onChange={(on) => void toggle(r, on)} />
                    </div>
                  </li>
                )}
              </For>
            </ul>
          </Show>
          <Show when={here().length > 0 || sitePaused()}>
            <button type="button" class="pause" aria-disabled={busy() ? 'true' : undefined} onClick={() => void setPaused(!sitePaused())}>
              {sitePaused() ? 'Resume this site' : 'Pause this site'}
            </button>
          </Show>
        </Show>
      </Show>
      <p role="status" class="status">
        {status()}
      </p>
      <nav aria-label="More">
        <a href="manager.html" target="_blank">
          Manage remixlets
        </a>
        <Show when={tab()?.id}>
          {(id) => (
            <button type="button" class="chat" onClick={() => openChat(id())}>
              Open the chat
            </button>
          )}
        </Show>
      </nav>
    </main>
  );
}
