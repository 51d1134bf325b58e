// Context: background service worker. Installs every active remixlet's rules.json as declarativeNetRequest
// session rules, checking each rule again with today's limits at every install (a rule saved by an older
// extension may break them): a rule that fails, or that Chrome itself rejects, is left out with a log
// line naming it and why, and the remixlet's other rules still apply. Session rules, because only they
// may name tabs: each rule is scoped to the tabs whose top document is one of the remixlet's pages (or,
// on every site, kept out of the tabs that are not and of requests made outside any tab), and re-scoped
// whenever a tab navigates (worker/netrules/listeners.ts). Session rules die with the browser session;
// every worker start installs them again. Trusts only the stored, approved files, and those only after
// the check.
import { checkRulesText, netrulesScopeOf, ruleLabel } from '../../contracts/policy/netrules';
import { loadAll } from '../store/remixlets';
import { pausedSites } from '../store/settings';
import { appendLog } from '../store/logs';
import { inTabs, installable, isOwnPage, navigationExemption, type PageScope } from './installable';
import { extensionNavigationTabs, keptOutTabs, knownTabs } from './tabs';
import { SUPPORTED_API_VERSIONS } from '../../contracts/remixlet';
import { traced } from '../activation/pending';

type Rule = chrome.declarativeNetRequest.Rule;

/** Remixlet rules use ids from here up, so rules anyone else adds (below) are never touched. */
export const FIRST_RULE_ID = 1_000_000;
/** Ids FIRST_RULE_ID .. FIRST_REMIXLET_RULE_ID - 1 are navigation exemptions, one per tab being navigated by the extension. */
const FIRST_REMIXLET_RULE_ID = FIRST_RULE_ID + 1_000;
const LOGGED_KEY = 'netrulesLeftOut';

interface LeftOut {
  remixletId: string;
  version: number;
  label: string;
  why: string;
}

/** One remixlet's rules that passed today's check, without their tabs. */
interface Installed extends PageScope {
  remixletId: string;
  version: number;
  everySite: boolean;
  rules: Array<{ label: string; rule: Rule }>;
}

/** What the last install check produced; undefined until the first one in this worker. */
let installed: Installed[] | undefined;
/** Rule ids Chrome refused since the last install check: not offered again until the next. */
let refusedByChrome = new Set<number>();
/** What this worker last installed (id → rule as JSON); undefined until it has replaced whatever an earlier worker left. */
let applied: Map<number, string> | undefined;

let tail: Promise<void> = Promise.resolve();
let pendingScope: Promise<void> | undefined;
function enqueue(job: () => Promise<void>, name: string): Promise<void> {
  const run = () => traced(`netrules ${name}`, job).catch((e: unknown) => console.warn('netrules:', e));
  tail = tail.then(run, run);
  return tail;
}

/** Checks every remixlet's rules again and installs them. One install at a time: two interleaved rounds would collide on rule ids. */
export function syncNetRules(): Promise<void> {
  return enqueue(async () => {
    await checkAll();
    await applyScope();
  }, 'sync');
}

/**
 * Re-scopes the installed rules to the tabs as they are now (after a navigation, a closed tab). Calls that
 * arrive while one is waiting share it; one that arrives after it started gets its own, so the last state
 * always lands.
 */
export function rescopeNetRules(): Promise<void> {
  pendingScope ??= enqueue(async () => {
    pendingScope = undefined;
    if (!installed) await checkAll();
    await applyScope();
  }, 'rescope');
  return pendingScope;
}

async function checkAll(): Promise<void> {
  const paused = await pausedSites();
  const next: Installed[] = [];
  const leftOut: LeftOut[] = [];
  let nextId = FIRST_REMIXLET_RULE_ID;
  for (const loaded of await loadAll()) {
    if (!loaded.ok) continue;
    const { head, manifest, version } = loaded.remixlet;
    const text = version.files['rules.json'];
    if (!head.enabled || head.archived || text === undefined || !SUPPORTED_API_VERSIONS.includes(version.apiVersion)) continue;
    if (!manifest.permissions.some((p) => p.name === 'netrules')) {
      leftOut.push({ remixletId: head.id, version: head.head, label: 'rules.json', why: 'the manifest does not have the netrules permission' });
      continue;
    }
    const verdict = checkRulesText(text, manifest);
    if (verdict.fileProblem) leftOut.push({ remixletId: head.id, version: head.head, label: 'rules.json', why: verdict.fileProblem });
    for (const r of verdict.refused) leftOut.push({ remixletId: head.id, version: head.head, label: ruleLabel(r.index, r.writtenId), why: r.problems.join('; ') });
    const scope = netrulesScopeOf(manifest);
    const entry: Installed = {
      remixletId: head.id,
      version: head.head,
      everySite: scope.everySite,
      matches: manifest.matches,
      excludeMatches: manifest.excludeMatches ?? [],
      pausedSites: paused,
      rules: [],
    };
    for (const rule of verdict.rules) {
      const label = ruleLabel(rule.index, rule.writtenId);
      if (rule.condition.regexFilter !== undefined) {
        const supported = await chrome.declarativeNetRequest.isRegexSupported({ regex: rule.condition.regexFilter });
        if (!supported.isSupported) {
          leftOut.push({ remixletId: head.id, version: head.head, label, why: `Chrome cannot use its regexFilter (${supported.reason ?? 'unsupported'})` });
          continue;
        }
      }
      entry.rules.push({ label, rule: installable(rule, nextId++, scope, chrome.runtime.id, paused) });
    }
    if (entry.rules.length) next.push(entry);
  }
  installed = next;
  refusedByChrome = new Set();
  // Rules of versions before 1.0.3 were dynamic rules: they could not name tabs. None may outlive an install.
  const legacy = (await chrome.declarativeNetRequest.getDynamicRules()).map((r) => r.id).filter((id) => id >= FIRST_RULE_ID);
  if (legacy.length) await chrome.declarativeNetRequest.updateDynamicRules({ removeRuleIds: legacy });
  await logLeftOut(leftOut);
}

async function applyScope(): Promise<void> {
  const tabs = await knownTabs();
  const keptOut = keptOutTabs();
  const wanted = new Map<number, Rule>();
  const owner = new Map<number, { remixletId: string; version: number; label: string }>();
  for (const entry of installed ?? []) {
    const members: number[] = [];
    // A tab kept out is left out even before the worker has heard what it shows.
    const others: number[] = [...keptOut];
    for (const [tabId, url] of tabs) if (!keptOut.has(tabId)) (isOwnPage(entry, url) ? members : others).push(tabId);
    for (const { label, rule } of entry.rules) {
      if (refusedByChrome.has(rule.id)) continue;
      const scoped = inTabs(rule, entry.everySite, { members, others });
      if (!scoped) continue;
      wanted.set(scoped.id, scoped);
      owner.set(scoped.id, { remixletId: entry.remixletId, version: entry.version, label });
    }
  }
  extensionNavigationTabs()
    .slice(0, FIRST_REMIXLET_RULE_ID - FIRST_RULE_ID)
    .forEach((tabId, i) => wanted.set(FIRST_RULE_ID + i, navigationExemption(FIRST_RULE_ID + i, tabId)));

  const before = applied ?? new Map((await chrome.declarativeNetRequest.getSessionRules()).filter((r) => r.id >= FIRST_RULE_ID).map((r) => [r.id, '']));
  const removeRuleIds = [...before.keys()].filter((id) => before.get(id) !== JSON.stringify(wanted.get(id) ?? null));
  const addRules = [...wanted.values()].filter((r) => before.get(r.id) !== JSON.stringify(r));
  if (!removeRuleIds.length && !addRules.length) return;
  const now = new Map(before);
  try {
    // One call: Chrome swaps the rules atomically, so no request slips between a removal and its replacement.
    await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds, addRules });
    for (const id of removeRuleIds) now.delete(id);
    for (const r of addRules) now.set(r.id, JSON.stringify(r));
  } catch {
    // Chrome refuses the whole batch for one rule it rejects; find it by adding the rules one at a time.
    await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds });
    for (const id of removeRuleIds) now.delete(id);
    const leftOut: LeftOut[] = [];
    for (const r of addRules) {
      try {
        await chrome.declarativeNetRequest.updateSessionRules({ addRules: [r] });
        now.set(r.id, JSON.stringify(r));
      } catch (e) {
        const who = owner.get(r.id);
        if (!who) continue;
        refusedByChrome.add(r.id);
        leftOut.push({ ...who, why: `Chrome refused it: ${e instanceof Error ? e.message : String(e)}` });
      }
    }
    await logLeftOut(leftOut);
  }
  applied = now;
}

/** Each left-out rule is logged once per browser session, not at every install. */
async function logLeftOut(leftOut: LeftOut[]): Promise<void> {
  if (!leftOut.length) return;
  const stored = (await chrome.storage.session.get(LOGGED_KEY))[LOGGED_KEY];
  const seen = new Set(Array.isArray(stored) ? (stored as string[]) : []);
  for (const l of leftOut) {
    const key = `${l.remixletId}:${l.version}:${l.label}:${l.why}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await appendLog(l.remixletId, { at: Date.now(), level: 'warn', source: 'worker', message: `rules.json: ${l.label} was left out: ${l.why}` });
  }
  await chrome.storage.session.set({ [LOGGED_KEY]: [...seen].slice(-2_000) });
}
