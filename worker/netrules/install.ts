// Context: background service worker. Installs every active remixlet's rules.json as dynamic
// declarativeNetRequest rules, checking each rule again with today's limits at every install (a rule saved
// by an older extension may break them): a rule that fails, or that Chrome itself rejects, is left out
// with a log line naming it and why, and the remixlet's other rules still apply. Trusts only the stored,
// approved files, and those only after the check.
import { checkRulesText, netrulesScopeOf, ruleLabel, type CheckedRule } from '../../contracts/policy/netrules';
import { loadAll } from '../store/remixlets';
import { pausedSites } from '../store/settings';
import { appendLog } from '../store/logs';
import { installable } from './installable';
import { SUPPORTED_API_VERSIONS } from '../../contracts/remixlet';

/** Remixlet rules use ids from here up, so rules anyone else adds (below) are never touched. */
export const FIRST_RULE_ID = 1_000_000;
const LOGGED_KEY = 'netrulesLeftOut';

interface Wanted {
  remixletId: string;
  version: number;
  rule: CheckedRule;
  dnr: chrome.declarativeNetRequest.Rule;
}

let syncing: Promise<void> = Promise.resolve();
/** One install at a time: two interleaved rounds would collide on rule ids. */
export function syncNetRules(): Promise<void> {
  syncing = syncing.then(syncNow, syncNow);
  return syncing;
}

async function syncNow(): Promise<void> {
  const paused = await pausedSites();
  const wanted: Wanted[] = [];
  const leftOut: Array<{ remixletId: string; version: number; label: string; why: string }> = [];
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
    for (const rule of verdict.rules) {
      if (rule.condition.regexFilter !== undefined) {
        const supported = await chrome.declarativeNetRequest.isRegexSupported({ regex: rule.condition.regexFilter });
        if (!supported.isSupported) {
          leftOut.push({ remixletId: head.id, version: head.head, label: ruleLabel(rule.index, rule.writtenId), why: `Chrome cannot use its regexFilter (${supported.reason ?? 'unsupported'})` });
          continue;
        }
      }
      wanted.push({ remixletId: head.id, version: head.head, rule, dnr: installable(rule, FIRST_RULE_ID + wanted.length, scope, chrome.runtime.id, paused) });
    }
  }
  const existing = (await chrome.declarativeNetRequest.getDynamicRules()).map((r) => r.id).filter((id) => id >= FIRST_RULE_ID);
  try {
    await chrome.declarativeNetRequest.updateDynamicRules({ removeRuleIds: existing, addRules: wanted.map((w) => w.dnr) });
  } catch {
    // Chrome refuses the whole batch for one rule it rejects; find it by adding the rules one at a time.
    await chrome.declarativeNetRequest.updateDynamicRules({ removeRuleIds: existing });
    for (const w of wanted) {
      try {
        await chrome.declarativeNetRequest.updateDynamicRules({ addRules: [w.dnr] });
      } catch (e) {
        leftOut.push({ remixletId: w.remixletId, version: w.version, label: ruleLabel(w.rule.index, w.rule.writtenId), why: `Chrome refused it: ${e instanceof Error ? e.message : String(e)}` });
      }
    }
  }
  await logLeftOut(leftOut);
}

/** Each left-out rule is logged once per browser session, not at every install. */
async function logLeftOut(leftOut: Array<{ remixletId: string; version: number; label: string; why: string }>): Promise<void> {
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
