// Context: offscreen document. The read plans remixlets' keeps learned (contracts/boundaries/keep-plans.ts),
// kept in memory per remixlet and handed to its next sandbox's boot message. Trusts only plans the host parsed
// (KeepPlanCall). Kept for the script they were learned under: a remixlet saved again starts with none. Lost
// when the offscreen document closes, which costs a keep its first check's batch, nothing more.
import { KEEP_PLANS_PER_REMIXLET, type BootKeepPlans } from '../contracts/boundaries/keep-plans';
import type { KeepPlanCall } from '../contracts/boundaries/keep-plan-call';

/** Remixlets whose plans are kept; the one longest without a new plan goes first. */
export const KEEP_PLAN_REMIXLETS_MAX = 100;
/**
 * The plans of one remixlet, as JSON, at most this long: a plan of a few reads is a few hundred characters, and
 * a remixlet that queries with the longest selectors fills this instead of megabytes of the offscreen document.
 */
export const KEEP_PLAN_CHARS_PER_REMIXLET = 16_384;

interface Kept {
  script: string;
  plans: Map<string, { plan: KeepPlanCall['plan']; chars: number }>;
  chars: number;
}

const byRemixlet = new Map<string, Kept>();

export function rememberKeepPlan(remixletId: string, script: string, call: KeepPlanCall): boolean {
  let kept = byRemixlet.get(remixletId);
  if (!kept || kept.script !== script) kept = { script, plans: new Map(), chars: 0 };
  // Latest first out of the eviction order.
  byRemixlet.delete(remixletId);
  byRemixlet.set(remixletId, kept);
  if (byRemixlet.size > KEEP_PLAN_REMIXLETS_MAX) byRemixlet.delete(byRemixlet.keys().next().value!);
  const before = kept.plans.get(call.name);
  if (!before && kept.plans.size >= KEEP_PLANS_PER_REMIXLET) return false;
  const chars = call.name.length + JSON.stringify(call.plan).length;
  const total = kept.chars - (before?.chars ?? 0) + chars;
  if (total > KEEP_PLAN_CHARS_PER_REMIXLET) return false;
  kept.plans.set(call.name, { plan: call.plan, chars });
  kept.chars = total;
  return true;
}

export function keepPlansFor(remixletId: string, script: string): BootKeepPlans | undefined {
  const kept = byRemixlet.get(remixletId);
  if (!kept || kept.script !== script || kept.plans.size === 0) return undefined;
  return [...kept.plans].map(([name, { plan }]) => ({ name, plan: [...plan] }));
}

/** For tests: forget every plan. */
export function forgetKeepPlans(): void {
  byRemixlet.clear();
}
