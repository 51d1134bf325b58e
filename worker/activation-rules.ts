// Context: background service worker (pure). When a save needs the person's "Allow and apply" first:
// more sites, every site, sites other than the chat's, changed network rules, or moving a remixlet that
// also runs elsewhere onto just the chat's site with the permissions it already has.
import type { Manifest } from '../contracts/policy/manifest';
import { isAllUrls, parseMatchPattern } from '../contracts/policy/match-pattern';
import type { ActivationReason } from '../contracts/boundaries/panel-worker';
import type { z } from 'zod';

type Reason = z.infer<typeof ActivationReason>;

export interface ActivationInput {
  next: Manifest;
  nextRules: string | undefined;
  running: Manifest | undefined;
  runningRules: string | undefined;
  chatHost: string;
}

function hostOfPattern(pattern: string): string | undefined {
  const parsed = parseMatchPattern(pattern);
  return parsed.ok ? parsed.pattern.host : undefined;
}

function onlyChatSite(patterns: string[], chatHost: string): boolean {
  return patterns.every((p) => !isAllUrls(p) && hostOfPattern(p) === chatHost);
}

export function activationReasons(input: ActivationInput): Reason[] {
  const { next, running, chatHost } = input;
  const reasons = new Set<Reason>();
  const nextAll = next.matches.some(isAllUrls);
  const runningAll = running?.matches.some(isAllUrls) ?? false;
  if (nextAll && !runningAll) reasons.add('every-site');
  if (running) {
    const before = new Set(running.matches);
    if (next.matches.some((m) => !before.has(m)) && !nextAll) reasons.add('new-sites');
    const runningElsewhere = !onlyChatSite(running.matches, chatHost);
    if (runningElsewhere && onlyChatSite(next.matches, chatHost) && running.permissions.length > 0) reasons.add('narrowed-to-chat-site');
  } else if (!nextAll && !onlyChatSite(next.matches, chatHost)) {
    reasons.add('other-than-chat-site');
  }
  const normalizeRules = (s: string | undefined) => (s ?? '').trim();
  if (normalizeRules(input.nextRules) !== normalizeRules(input.runningRules)) reasons.add('network-rules');
  return [...reasons];
}
