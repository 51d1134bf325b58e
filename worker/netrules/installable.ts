// Context: background service worker (pure). Turns a checked rule into the declarativeNetRequest rule the
// worker installs, adding the scoping the source document promises: no rule acts on a request the
// extension itself sends (its own origin is an excluded initiator: the side panel's provider requests, a
// sign-in, rmx.fetch), a some-sites remixlet's rules act only on requests its own pages make, and no rule
// acts on requests from a paused site's pages.
import { ownInitiatorDomains, type CheckedRule, type NetrulesScope } from '../../contracts/policy/netrules';

export function installable(rule: CheckedRule, id: number, scope: NetrulesScope, extensionId: string, pausedSites: readonly string[]): chrome.declarativeNetRequest.Rule {
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
