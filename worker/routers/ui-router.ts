// Context: background service worker. The router the extension's own pages (side panel, popup, manager)
// call. Only ports bound to the UI role reach it; a page or a sandbox cannot, so it cannot click "Allow".
import { routerFromSpec } from '../../contracts/trpc-server';
import { uiSpec, type UiSpec } from '../../contracts/boundaries/panel-worker';
import type { HandlersOf } from '../../contracts/rpc';
import { RemixletRefusal } from '../../contracts/refusals';
import type { RemixletHead } from '../../contracts/remixlet';
import { parsePermissionName, permissionCardText } from '../../contracts/policy/manifest';
import { matchesUrl } from '../../contracts/policy/match-pattern';
import { t, roleProcedure, type WorkerContext } from '../ports/trpc';
import { chatHostOf, decide, save } from '../activation/activation';
import { createApproval, onPendingChanged, pendingFor, readApproval, toPending } from '../activation/approvals';
import { loadAll, readHead, updateHead, deleteRemixlet, listVersions } from '../store/remixlets';
import { requestRestore } from '../activation/restore';
import { readLog } from '../store/logs';
import { pausedSites, setSitePaused } from '../store/settings';
import { onStoreChanged } from '../store/changes';
import { clock } from '../clock';
import { afterRemixletChanged, afterSitePauseChanged } from '../pages/lifecycle';
import { reloadAround, tabsCoveredBy, tabsOnSite } from '../pages/tab-reloads';
import { assistantHandlers } from '../assistant/handlers';
import { chatgptHandlers } from '../chatgpt/handlers';
import { followHealth } from '../health/health-reports';
import { offInTab, setOffInTab } from '../pages/tab-off';
import { reconcileAll } from '../pages/sandboxes';
import { requestFix, takeFixRequests } from '../health/fix-requests';
import { isWebAddress } from '../../contracts/policy/site';

async function existingHead(remixletId: string): Promise<RemixletHead> {
  const head = await readHead(remixletId);
  if (!head) throw new RemixletRefusal('NOT_FOUND', 'There is no such remixlet.');
  return head;
}

/**
 * Sets one switch of a remixlet's head and tells the running parts; the head as it was, or undefined when
 * the switch already stood there (nothing changed, so no page needs a reload).
 */
async function changeSwitch(remixletId: string, key: 'enabled' | 'archived', value: boolean, label: string): Promise<RemixletHead | undefined> {
  const before = await existingHead(remixletId);
  if (before[key] === value) return undefined;
  await updateHead(remixletId, { [key]: value }, clock.now());
  await afterRemixletChanged(remixletId, label);
  return before;
}

const handlers: HandlersOf<UiSpec, WorkerContext> = {
  list: async ({ input }) => {
    const out = [];
    for (const loaded of await loadAll()) {
      if (!loaded.ok) {
        out.push({ id: loaded.id, name: loaded.id, description: '', matches: [], enabled: false, archived: false, version: 0, permissions: [], error: loaded.error });
        continue;
      }
      const { head, manifest } = loaded.remixlet;
      if (input.url && !matchesUrl(manifest.matches, manifest.excludeMatches ?? [], input.url)) continue;
      out.push({
        id: head.id,
        name: manifest.name,
        description: manifest.description ?? '',
        matches: manifest.matches,
        enabled: head.enabled,
        archived: head.archived,
        version: head.head,
        permissions: manifest.permissions.map((p) => ({ name: p.name, card: permissionCardText(p.name) ?? 'Unknown permission' })),
      });
    }
    return out;
  },
  readLog: ({ input }) => readLog(input.remixletId, input.limit),
  requestPermissions: async ({ input }) => {
    const names: string[] = [];
    for (const p of input.permissions) {
      const parsed = parsePermissionName(p.name);
      if (!parsed.ok) throw new RemixletRefusal('MANIFEST_INVALID', `"${p.name}" is not a permission Remixlet knows.`);
      names.push(p.name);
    }
    const site = await chatHostOf(input.tabId);
    const approval = await createApproval({
      kind: 'permissions',
      tabId: input.tabId,
      site,
      // Fixed extension text per permission; the model's reason is never shown on the card.
      rows: names.map((name) => ({ name, text: permissionCardText(name) ?? 'Unknown permission' })),
      permissionNames: names,
      reasons: [],
      sites: [site],
    });
    return toPending(approval);
  },
  save: ({ input }) => save(input.tabId, input.remixletId, input.files),
  decide: async ({ input }) => {
    // A restore reloads the tabs of the remixlet it names, whichever page answered it.
    const approval = await readApproval(input.approvalId);
    const restore = approval?.restoredFrom !== undefined && approval.remixletId !== undefined ? approval.remixletId : undefined;
    const covered = () => (restore ? tabsCoveredBy(restore) : Promise.resolve([]));
    const run = await reloadAround(restore ? 'matching' : undefined, covered, () => decide(input.approvalId, input.allow), (r) => r.status === 'activated');
    return run.value;
  },
  pending: ({ input }) => (emit) => {
    const push = () => void pendingFor(input.tabId).then(emit);
    push();
    const off = onPendingChanged((tabId) => tabId === input.tabId && push());
    // Expiry is a change nobody announces; re-check while the panel watches.
    const timer = setInterval(push, 30_000);
    return () => {
      off();
      clearInterval(timer);
    };
  },
  setEnabled: async ({ input }) => {
    // Switching off clears the remixlet's changes from its tabs even when the caller names none.
    const reload = input.reload ?? (input.enabled ? undefined : 'matching');
    const { reloaded } = await reloadAround(
      reload,
      () => tabsCoveredBy(input.remixletId),
      async () => (await changeSwitch(input.remixletId, 'enabled', input.enabled, input.enabled ? 'switched on' : 'switched off')) !== undefined,
    );
    return { ok: true, reloaded };
  },
  pauseSite: async ({ input }) => {
    const { reloaded } = await reloadAround(
      'matching',
      () => tabsOnSite(input.site),
      async () => {
        if ((await pausedSites()).includes(input.site) === input.paused) return false;
        await setSitePaused(input.site, input.paused);
        await afterSitePauseChanged();
        return true;
      },
    );
    return { ok: true, reloaded };
  },
  pausedSites: () => pausedSites(),
  setOffInTab: async ({ input }) => {
    const tab = await chrome.tabs.get(input.tabId).catch(() => undefined);
    const url = tab?.url || tab?.pendingUrl;
    if (!url || !isWebAddress(url)) throw new RemixletRefusal('NOT_FOUND', 'That tab shows no web page.');
    await existingHead(input.remixletId);
    // Torn down (or started) before the reload, so a reload the page holds up changes nothing about what runs.
    const { reloaded } = await reloadAround({ tabId: input.tabId }, () => Promise.resolve([]), async () => {
      await setOffInTab(input.tabId, url, input.remixletId, input.off);
      await reconcileAll();
    });
    return { ok: true, reloaded };
  },
  offInTab: async ({ input }) => {
    const tab = await chrome.tabs.get(input.tabId).catch(() => undefined);
    const url = tab?.url || tab?.pendingUrl;
    return url ? [...(await offInTab(input.tabId, url))] : [];
  },
  // The store announces every write itself (store/changes.ts); the first push lets a page that subscribes
  // again after the worker restarted read what changed meanwhile.
  changes: () => (emit) => {
    emit({});
    return onStoreChanged(() => emit({}));
  },
  health: ({ input }) => (emit) => followHealth(input.url, emit),
  requestFix: ({ input }) => requestFix(input.tabId, input.remixletId),
  fixRequests: ({ input }) => (emit) => takeFixRequests(input.tabId, emit),
  setArchived: async ({ input }) => {
    const { reloaded } = await reloadAround(
      'matching',
      () => tabsCoveredBy(input.remixletId),
      // A remixlet that is off runs on no page, archived or not: only one that is on needs its pages reloaded.
      async () => (await changeSwitch(input.remixletId, 'archived', input.archived, input.archived ? 'archived' : 'unarchived'))?.enabled ?? false,
    );
    return { ok: true, reloaded };
  },
  versions: ({ input }) => listVersions(input.remixletId),
  requestRestore: ({ input }) => requestRestore(input.remixletId, input.version),
  remove: async ({ input }) => {
    const { reloaded } = await reloadAround('matching', () => tabsCoveredBy(input.remixletId), async () => {
      await deleteRemixlet(input.remixletId);
      await afterRemixletChanged(input.remixletId, 'deleted');
    });
    return { ok: true, reloaded };
  },
  ...assistantHandlers,
  ...chatgptHandlers,
};

export const uiRouter = routerFromSpec(t, uiSpec, () => roleProcedure('ui'), handlers);
