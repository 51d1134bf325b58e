// Context: background service worker (pure). When a save needs the person's "Allow and apply" first.
// Each condition is read on the version that would run next, so a chat on one site never silently
// rewrites code that runs on another: it runs on every site, it runs on any site other than the chat's,
// it runs on more pages than the running version (a match added, an exclusion removed or changed), its
// network rules changed, or it moves a remixlet that also ran elsewhere onto just the chat's site with
// the permissions it already had. Only a version that runs just on the chat's site, on no more pages
// than before, with the same rules, activates without a question.
import type { Manifest } from '../../contracts/policy/manifest';
import { coversEverySite, parseMatchPattern } from '../../contracts/policy/match-pattern';
import type { ActivationReason } from '../../contracts/boundaries/panel-worker';
import type { z } from 'zod';

type Reason = z.infer<typeof ActivationReason>;

export interface ActivationInput {
  next: Manifest;
  nextRules: string | undefined;
  running: Manifest | undefined;
  runningRules: string | undefined;
  chatHost: string;
}

/**
 * True when every pattern names exactly the chat's host (the site everywhere else is the URL's
 * hostname): `*.host`, a `*` host and another host are all other sites.
 */
function onlyChatSite(patterns: readonly string[], chatHost: string): boolean {
  return patterns.every((raw) => {
    const parsed = parseMatchPattern(raw);
    return parsed.ok && !parsed.pattern.allUrls && !parsed.pattern.matchSubdomains && parsed.pattern.host === chatHost;
  });
}

/** Patterns of `before` that `after` no longer lists, compared as written: any change may reach more pages. */
function dropped(before: readonly string[] | undefined, after: readonly string[] | undefined): boolean {
  const kept = new Set(after ?? []);
  return (before ?? []).some((p) => !kept.has(p));
}

export function activationReasons(input: ActivationInput): Reason[] {
  const { next, running, chatHost } = input;
  const reasons = new Set<Reason>();
  const nextEverySite = coversEverySite(next.matches);
  if (nextEverySite) reasons.add('every-site');
  else if (!onlyChatSite(next.matches, chatHost)) reasons.add('other-than-chat-site');
  if (running) {
    const morePages = dropped(next.matches, running.matches) || dropped(running.excludeMatches, next.excludeMatches);
    if (morePages) reasons.add('new-sites');
    const runningPermissions = new Set(running.permissions.map((p) => p.name));
    const keepsPermissions = next.permissions.some((p) => runningPermissions.has(p.name));
    if (keepsPermissions && !onlyChatSite(running.matches, chatHost) && onlyChatSite(next.matches, chatHost)) reasons.add('narrowed-to-chat-site');
  }
  const normalizeRules = (s: string | undefined) => (s ?? '').trim();
  if (normalizeRules(input.nextRules) !== normalizeRules(input.runningRules)) reasons.add('network-rules');
  return [...reasons];
}
