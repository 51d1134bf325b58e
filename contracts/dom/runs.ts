// Context: shared (pure). Runs: on the wire only, never a remixlet's call. Consecutive ops of one batch that
// differ only in their element travel as one run, the op once and its elements as a list, so a batch of
// 1,000 hides crosses each boundary (sandbox → offscreen → worker → page agent and back) as one small
// message instead of 1,000 objects (bench/batch.bench.ts). The page agent runs the op on each element in
// order, with every check it runs on a lone op, and a run counts as its elements against every limit and
// budget. Trusts nothing: every boundary parses a run with these schemas, as it parses a lone op.
import { z } from 'zod';
import { DomOp, HandleRef, LIMITS } from './ops';
import { batchCount, runKinds, type RunOp as RunOpShape, type WireOp as WireOpShape } from './run-codec';

export * from './run-codec';
export type RunOp = RunOpShape;
export type WireOp = WireOpShape;

type OpSchema = z.ZodObject<{ op: z.ZodLiteral<string>; h: typeof HandleRef }>;

export const RunOp = z
  .object({
    op: z.literal('run'),
    // Each kind's own schema without its element: the arguments are checked exactly as a lone op's.
    of: z.discriminatedUnion(
      'op',
      (DomOp.options as unknown as OpSchema[]).filter((o) => runKinds.has(o.shape.op.value)).map((o) => o.omit({ h: true })) as never,
    ),
    hs: z.array(HandleRef).min(1).max(LIMITS.batchOps),
  })
  .strict()
  .describe('One op over many elements, in order: the wire form of consecutive ops that differ only in their element.') as unknown as z.ZodType<RunOp>;

/** What crosses a boundary in a batch: ops, and runs of ops. */
export const WireOp = z.union([DomOp, RunOp]);

/** A dom batch as it crosses every boundary: at most LIMITS.batchOps operations, runs counted by their elements. */
export const WireBatch = z
  .array(WireOp)
  .min(1)
  .max(LIMITS.batchOps)
  .refine((ops) => batchCount(ops) <= LIMITS.batchOps, `at most ${LIMITS.batchOps} operations in one batch`);

