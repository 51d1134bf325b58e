// Context: offscreen document. The read plans remixlets' keeps learned (contracts/boundaries/keep-plans.ts),
// kept in memory per remixlet and handed to its next sandbox's boot message. Trusts only plans the host parsed
// (KeepPlanCall). Kept for the script they were learned under: a remixlet saved again starts with none. Lost
// when the offscreen document closes, which costs a keep its first check's batch, nothing more.
import { KEEP_PLANS_PER_REMIXLET, type BootKeepPlans } from '../contracts/boundaries/keep-plans';
import type { KeepPlanCall } from '../contracts/boundaries/keep-plan-call';

/** Remixlets whose plans are kept; the one longest without a new plan goes first. */
export const KEEP_PLAN_REMIXLETS_MAX = 200;

interface Kept {
  script: string;
  plans: Map<string, KeepPlanCall['plan']>;
}

const byRemixlet = new Map<string, Kept>();

export function rememberKeepPlan(remixletId: string, script: string, call: KeepPlanCall): boolean {
  let kept = byRemixlet.get(remixletId);
  if (!kept || kept.script !== script) kept = { script, plans: new Map() };
  // Latest first out of the eviction order.
  byRemixlet.delete(remixletId);
  byRemixlet.set(remixletId, kept);
  if (byRemixlet.size > KEEP_PLAN_REMIXLETS_MAX) byRemixlet.delete(byRemixlet.keys().next().value!);
  if (!kept.plans.has(call.name) && kept.plans.size >= KEEP_PLANS_PER_REMIXLET) return false;
  kept.plans.set(call.name, call.plan);
  return true;
}

export function keepPlansFor(remixletId: string, script: string): BootKeepPlans | undefined {
  const kept = byRemixlet.get(remixletId);
  if (!kept || kept.script !== script || kept.plans.size === 0) return undefined;
  return [...kept.plans].map(([name, plan]) => ({ name, plan: [...plan] }));
}

/** For tests: forget every plan. */
export function forgetKeepPlans(): void {
  byRemixlet.clear();
}
