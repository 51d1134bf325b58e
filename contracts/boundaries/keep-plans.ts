// Context: shared (pure). A keep's read plan, remembered across a remixlet's page loads: the reads its check
// made last time (sandbox/runtime/read-ahead.ts), so the check's first run on the next load sends them ahead in
// one batch instead of waiting for each element to come back before reading it. The offscreen host keeps them in
// memory per remixlet (offscreen/keep-plans.ts) and hands them back in the next sandbox's boot message. Apart
// from the host's call schema (keep-plan-call.ts) because every sandbox evaluates this as it starts. Trusts
// nothing: the host parses a plan with KeepPlanCall before keeping it, and every planned read crosses every
// boundary as any call does, checked by the page policy. A plan widens nothing: it is the remixlet's own reads,
// given back to the same remixlet only.
import { z } from '../zod-mini';

/** A keep's plan holds at most this many reads (a plan is a guess, and each read costs the page). */
export const KEEP_PLAN_READS_MAX = 16;
/** Plans kept per remixlet: one per keep name, the latest kept. */
export const KEEP_PLANS_PER_REMIXLET = 32;
export const KEEP_NAME_MAX = 200;
/** The keys by which a read names an element: a handle id, or in a plan the { ref } of an earlier read. */
export const PLAN_ELEMENT_KEYS = ['h', 'scope'] as const;

export const KeepName = z.string().check(z.minLength(1), z.maxLength(KEEP_NAME_MAX));

/**
 * The plans a sandbox's boot message carries, as the host kept them (parsed with KeepPlanCall then). The runtime
 * checks their shape only: it sends them as reads ahead, which the host parses again as any dom batch.
 */
export const BootKeepPlans = z
  .array(
    z.strictObject({
      name: KeepName,
      plan: z.array(z.looseObject({ op: z.string() })).check(z.minLength(2), z.maxLength(KEEP_PLAN_READS_MAX)),
    }),
  )
  .check(z.maxLength(KEEP_PLANS_PER_REMIXLET));
export type BootKeepPlans = z.infer<typeof BootKeepPlans>;
