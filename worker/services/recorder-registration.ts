// Context: background service worker. Registers the network:observe recorder (one file we ship, in the
// page's main world, at document_start so it sees the page's first requests) and its relay (isolated
// world) on the sites of every active remixlet that holds a network:observe: permission, and nowhere else.
// Neither file is given settings here: the relay asks the worker for the observed hosts and keeps them in
// the isolated world; the recorder gets none.
import { permittedHosts } from '../../contracts/capabilities/permissions';
import { loadAll } from '../store/remixlets';
import { pausedSites } from '../store/settings';
import { agentMatches } from '../pages/registration';

export const RECORDER_FILE = 'recorder.js';
export const RELAY_FILE = 'recorder-relay.js';
// Not "rmx-": worker/pages/registration.ts owns every script whose id starts with that.
const IDS = { recorder: 'rmxobs-recorder', relay: 'rmxobs-relay' } as const;

let syncing: Promise<void> = Promise.resolve();
export function syncRecorders(): Promise<void> {
  syncing = syncing.then(syncNow, syncNow);
  return syncing;
}

async function syncNow(): Promise<void> {
  const matches = new Set<string>();
  for (const loaded of await loadAll()) {
    if (!loaded.ok) continue;
    const { head, manifest } = loaded.remixlet;
    if (!head.enabled || head.archived || permittedHosts('network:observe', manifest.permissions.map((p) => p.name)).length === 0) continue;
    for (const m of agentMatches(manifest.matches)) matches.add(m);
  }
  const existing = (await chrome.scripting.getRegisteredContentScripts({ ids: Object.values(IDS) })).map((s) => s.id);
  if (existing.length) await chrome.scripting.unregisterContentScripts({ ids: existing });
  if (!matches.size) return;
  const common = {
    matches: [...matches],
    excludeMatches: (await pausedSites()).map((site) => `*://${site}/*`),
    runAt: 'document_start' as const,
    allFrames: false,
    persistAcrossSessions: true,
  };
  await chrome.scripting.registerContentScripts([
    { id: IDS.recorder, js: [RECORDER_FILE], world: 'MAIN', ...common },
    { id: IDS.relay, js: [RELAY_FILE], world: 'ISOLATED', ...common },
  ]);
}
