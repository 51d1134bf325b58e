// Context: shared (pure). The host's schema for a keep's plan a sandbox's runtime asks it to remember
// (keep-plans.ts says why plans are remembered). Trusts nothing: reads only, at most KEEP_PLAN_READS_MAX of
// them, each element named by an earlier read of the plan.
import { z } from '../zod-mini';
import { DomOp, READ_OPS } from '../dom/ops';
import { KEEP_PLAN_READS_MAX, KeepName, PLAN_ELEMENT_KEYS } from './keep-plans';

/**
 * Reads only, and each element named by an earlier read of the plan ({ ref }): a handle id from the page it was
 * learned on means nothing on the next one.
 */
function readsWithEarlierRefs(plan: readonly DomOp[]): boolean {
  return plan.every((op, i) => {
    if (typeof op !== 'object' || op === null || !READ_OPS.has(op.op)) return false;
    return PLAN_ELEMENT_KEYS.every((key) => {
      const target = (op as Record<string, unknown>)[key];
      if (target === undefined) return true;
      const ref = typeof target === 'object' && target !== null ? (target as { ref?: unknown }).ref : undefined;
      return typeof ref === 'number' && ref < i;
    });
  });
}

/** What a sandbox's runtime sends the host when a keep's check has learned a plan worth sending ahead. */
export const KeepPlanCall = z.strictObject({
  name: KeepName,
  plan: z
    .array(DomOp)
    .check(
      z.minLength(2),
      z.maxLength(KEEP_PLAN_READS_MAX),
      z.refine(readsWithEarlierRefs, 'a plan is reads only, each element named by an earlier read of the plan ({ ref })'),
    ),
});
export type KeepPlanCall = z.infer<typeof KeepPlanCall>;

