// Context: background service worker (pure). Turns a checked rule into the declarativeNetRequest session
// rule the worker installs, adding the scoping the source document promises:
// - no rule acts on a request the extension itself sends: its own origin is an excluded initiator (the side
//   panel's provider requests, a sign-in, rmx.fetch, the manager in a tab), and an every-site remixlet's
//   rules exclude tab id -1, every request not made in a tab (the worker's rmx.fetch, the offscreen
//   document, the browser's own). A some-sites remixlet's rules name tabs, so never reach -1 either;
// - a some-sites remixlet's rules act only on requests its own pages make: the tabs whose top document is
//   one of its pages (matches and excludeMatches, exactly: scheme, host, port and path), and within such a
//   tab only requests initiated from its sites' domains, so a frame from another site there is not covered;
// - an every-site remixlet's rules act on every page's requests: every tab except those whose top
//   document its patterns leave out (excludeMatches, a scheme or path it does not cover);
// - no rule acts in a tab whose top document is on a paused site, nor on requests initiated from one.
// Trusts its inputs: the rule passed the check in contracts/policy/netrules.ts, the tabs and URLs come
// from the browser (worker/netrules/tabs.ts).
import { matchesUrl } from '../../contracts/policy/match-pattern';
import { NETRULES_LIMITS, ownInitiatorDomains, type CheckedRule, type NetrulesScope } from '../../contracts/policy/netrules';

type Rule = chrome.declarativeNetRequest.Rule;

/** chrome.tabs.TAB_ID_NONE: the tab id of requests made outside any tab (service workers, offscreen documents, the browser). */
export const TAB_ID_NONE = -1;
/** Above every priority a remixlet's rule may have, so an exemption's allow outranks all of them (modifyHeaders included). */
export const EXEMPTION_PRIORITY = NETRULES_LIMITS.priorityMax + 1;

/** A rule without its tabs: what the install check produced, with the initiator scoping that never changes while it is installed. */
export function installable(rule: CheckedRule, id: number, scope: NetrulesScope, extensionId: string, pausedSites: readonly string[]): Rule {
  const condition: Record<string, unknown> = { ...rule.condition };
  if (!scope.everySite) condition.initiatorDomains = rule.condition.initiatorDomains ?? ownInitiatorDomains(scope);
  condition.excludedInitiatorDomains = [...new Set([...(rule.condition.excludedInitiatorDomains ?? []), extensionId, ...pausedSites])];
  return {
    id,
    priority: rule.priority,
    action: structuredClone(rule.action) as unknown as chrome.declarativeNetRequest.RuleAction,
    condition: condition as chrome.declarativeNetRequest.RuleCondition,
  };
}

/** What decides whether a tab is one of a remixlet's pages. */
export interface PageScope {
  matches: readonly string[];
  excludeMatches: readonly string[];
  pausedSites: readonly string[];
}

/** Whether a tab whose top document is at `url` is one of the remixlet's pages: its patterns cover it and its site is not paused. */
export function isOwnPage(scope: PageScope, url: string): boolean {
  if (!matchesUrl(scope.matches, scope.excludeMatches, url)) return false;
  try {
    return !scope.pausedSites.includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

export interface Tabs {
  /** Tabs whose top document is one of the remixlet's pages. */
  members: readonly number[];
  /** Every other tab whose top document is known. */
  others: readonly number[];
}

/**
 * The rule with the tabs it acts in. A some-sites remixlet's rule names its tabs (and is left out while it
 * has none: Chrome refuses an empty tabIds, and a rule without it would act everywhere). An every-site
 * remixlet's rule acts in every tab but the others and tab -1, so a tab the worker has not heard of yet
 * (just opened) is covered, as the promise "every page's requests" asks.
 */
export function inTabs(rule: Rule, everySite: boolean, tabs: Tabs): Rule | undefined {
  const sorted = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);
  if (!everySite) {
    if (!tabs.members.length) return undefined;
    return { ...rule, condition: { ...rule.condition, tabIds: sorted(tabs.members) } };
  }
  return { ...rule, condition: { ...rule.condition, excludedTabIds: sorted([TAB_ID_NONE, ...tabs.others]) } };
}

/**
 * While the extension itself navigates a tab (a schedule opening one of a remixlet's pages), that
 * navigation is a request Remixlet sends: an allow rule above every remixlet rule keeps them off its
 * main-frame request (and the redirects it follows), and nothing else in the tab.
 */
export function navigationExemption(id: number, tabId: number): Rule {
  return {
    id,
    priority: EXEMPTION_PRIORITY,
    action: { type: 'allow' as chrome.declarativeNetRequest.RuleActionType },
    condition: { tabIds: [tabId], resourceTypes: ['main_frame' as chrome.declarativeNetRequest.ResourceType] },
  };
}
