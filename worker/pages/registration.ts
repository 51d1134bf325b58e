// Context: background service worker. The page agent is registered only for the hosts that an active
// remixlet's matches name, top frame only; Remixlet does nothing on any other site. It is registered for
// every path of those hosts, because a single-page app can move by history navigation from a path that
// does not match to one that does without loading a document; which remixlets run on a page is still
// decided by the worker against the full patterns (sandboxes.ts). One registration for all remixlets, at
// document_start whatever their runAt: a page is evaluated by one page agent, once, and it is there
// before the page is parsed, so the worker readies each script's sandbox while the page loads and starts
// it the moment the page reaches that script's runAt (sandboxes.ts). Beside it, a marker at document_idle
// tells it when Chrome reaches that point (page-agent/idle-marker.ts); on the hosts of remixlets with a
// style.css a gate at document_start holds the first paint until the worker's sheets are in
// (page-agent/style-gate.ts); and on the hosts of remixlets with a script a marker run just before it, in the
// same registration, tells the page agent to build its router at once (page-agent/scripted-marker.ts).
import { loadAll } from '../store/remixlets';
import { pausedSites } from '../store/settings';
import { parseMatchPattern } from '../../contracts/policy/match-pattern';
import { traced } from '../activation/pending';

/** Every registration this file makes starts so (earlier versions made one per remixlet); none other is touched. */
const PREFIX = 'rmx-';
const PAGE_AGENT_ID = `${PREFIX}page-agent`;
export const PAGE_AGENT_FILE = 'page-agent.js';
/** Tells the page agent when Chrome reaches document_idle (page-agent/idle-marker.ts, page-agent/ready.ts). */
const IDLE_MARKER_ID = `${PREFIX}page-agent-idle`;
const IDLE_MARKER_FILE = 'page-agent-idle.js';
/** Holds the first paint until every style.css is in (contracts/boundaries/style-gate.ts). */
const STYLE_GATE_ID = `${PREFIX}page-agent-gate`;
const STYLE_GATE_FILE = 'page-agent-gate.js';
/** Tells the page agent a sandbox will call it, so it builds its router at once (page-agent/main.ts): run just before it, in one registration. */
const SCRIPTED_AGENT_ID = `${PREFIX}page-agent-scripted`;
const SCRIPTED_MARKER_FILE = 'page-agent-scripted.js';

const hasStyle = (files: Record<string, string | undefined>) => Boolean(files['style.css']?.trim());
const hasScript = (files: Record<string, string | undefined>) => Boolean(files['script.js']?.trim());

/** `https://shop.example/cart/*` → `https://shop.example/*`: same scheme, host and port, every path. */
export function agentMatches(patterns: readonly string[]): string[] {
  const out = new Set<string>();
  for (const pattern of patterns) {
    if (!parseMatchPattern(pattern).ok) continue;
    if (pattern === '<all_urls>') {
      out.add(pattern);
      continue;
    }
    const sep = pattern.indexOf('://');
    const pathStart = pattern.indexOf('/', sep + 3);
    out.add(`${pattern.slice(0, pathStart)}/*`);
  }
  return [...out];
}

let syncing: Promise<void> = Promise.resolve();
/** One sync at a time: two interleaved unregister/register rounds collide on script ids. */
export function syncRegistrations(): Promise<void> {
  const run = () => traced('registrations sync', syncNow);
  syncing = syncing.then(run, run);
  return syncing;
}

async function syncNow(): Promise<void> {
  const paused = await pausedSites();
  const pausedPatterns = paused.map((site) => `*://${site}/*`);
  const matches = new Set<string>();
  // The gate's hosts: a page the gate holds where no sheet applies after all (a path the app left, the
  // manifest's excludeMatches) is let go as soon as the worker has said so.
  const styled = new Set<string>();
  const scripted = new Set<string>();
  for (const loaded of await loadAll()) {
    if (!loaded.ok) continue;
    const { head, manifest, version } = loaded.remixlet;
    if (!head.enabled || head.archived) continue;
    for (const m of agentMatches(manifest.matches)) {
      matches.add(m);
      if (hasStyle(version.files)) styled.add(m);
      if (hasScript(version.files)) scripted.add(m);
    }
  }
  const plain = new Set([...matches].filter((m) => !scripted.has(m)));
  // The manifest's excludeMatches are paths the app may still move away from; the worker applies them.
  const script = (id: string, file: string, on: Set<string>, runAt: 'document_start' | 'document_idle'): chrome.scripting.RegisteredContentScript => ({
    id,
    js: [file],
    matches: [...on].sort(),
    excludeMatches: pausedPatterns,
    runAt,
    allFrames: false,
    persistAcrossSessions: true,
    world: 'ISOLATED',
  });
  const desired = matches.size
    ? [
        ...(styled.size ? [script(STYLE_GATE_ID, STYLE_GATE_FILE, styled, 'document_start')] : []),
        // On the hosts of remixlets with a script, the marker and the page agent as one registration, so the marker
        // runs first (a registration's files run in order; two registrations' order is not promised); the
        // page agent's own registration leaves those hosts out, so no page evaluates it twice.
        ...(scripted.size ? [{ ...script(SCRIPTED_AGENT_ID, PAGE_AGENT_FILE, scripted, 'document_start'), js: [SCRIPTED_MARKER_FILE, PAGE_AGENT_FILE] }] : []),
        ...(plain.size && !scripted.has('<all_urls>') ? [{ ...script(PAGE_AGENT_ID, PAGE_AGENT_FILE, plain, 'document_start'), excludeMatches: [...pausedPatterns, ...scripted].sort() }] : []),
        script(IDLE_MARKER_ID, IDLE_MARKER_FILE, matches, 'document_idle'),
      ]
    : [];
  const existing = await chrome.scripting.getRegisteredContentScripts();
  const ours = existing.filter((s) => s.id.startsWith(PREFIX)).map((s) => s.id);
  if (ours.length) await chrome.scripting.unregisterContentScripts({ ids: ours });
  if (desired.length) await chrome.scripting.registerContentScripts(desired);
}

/** While a chat runs, the page agent is injected into the chat's tab only. */
export async function injectIntoChatTab(tabId: number): Promise<void> {
  await chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: [PAGE_AGENT_FILE] });
}
