// Context: shared (pure). Runs: on the wire only, never a remixlet's call. Consecutive ops of one batch that
// differ only in their element travel as one run, the op once and its elements as one string of ids (or a
// list, when a { ref } is among them), so a batch of 1,000 hides crosses each boundary (sandbox → offscreen →
// worker → page agent and back) as one small message instead of 1,000 objects (bench/batch.bench.ts). The
// page agent runs the op on each element in order, with every check it runs on a lone op, and a run counts
// as its elements against every limit and budget. Trusts nothing: every boundary parses a run with these
// schemas, as it parses a lone op.
import { z } from '../zod-mini';
import { DOM_OP_SCHEMAS, DomOp, HANDLE_ID_PATTERN, HandleRef, LIMITS, opNameOf } from './ops';
import { PACKED_IDS_MAX, batchCount, packedCount, runKinds, type RunOp as RunOpShape, type WireOp as WireOpShape } from './run-codec';

export * from './run-codec';
export type RunOp = RunOpShape;
export type WireOp = WireOpShape;

type OpSchema = z.ZodMiniObject<{ op: z.ZodMiniLiteral<string>; h: typeof HandleRef }>;

// Each kind's own schema without its element: the arguments are checked exactly as a lone op's.
const RunOf = z.discriminatedUnion(
  'op',
  DOM_OP_SCHEMAS.filter((o) => runKinds.has(opNameOf(o))).map((o) => z.omit(o as unknown as OpSchema, { h: true })) as never,
);

/**
 * A run's handle ids packed into one string, checked with one pattern: the same ids HandleId accepts, one
 * space apart, at most LIMITS.batchOps of them. The length check comes first and stops the rest, so an
 * oversized string is refused before any pattern runs over it.
 */
const PackedIds = z.string().check(
  z.maxLength(PACKED_IDS_MAX, { abort: true }),
  z.regex(new RegExp(`^${HANDLE_ID_PATTERN}(?: ${HANDLE_ID_PATTERN})*$`)),
  z.refine((ids) => packedCount(ids) <= LIMITS.batchOps, `at most ${LIMITS.batchOps} elements in one run`),
);

export const RunOp = z
  .union([
    z.strictObject({ op: z.literal('run'), of: RunOf, ids: PackedIds }),
    z.strictObject({ op: z.literal('run'), of: RunOf, hs: z.array(HandleRef).check(z.minLength(1), z.maxLength(LIMITS.batchOps)) }),
  ])
  .register(z.globalRegistry, {
    description: 'One op over many elements, in order: the wire form of consecutive ops that differ only in their element.',
  }) as unknown as z.ZodMiniType<RunOp>;

/** What crosses a boundary in a batch: ops, and runs of ops. */
export const WireOp = z.union([DomOp, RunOp]);

/** A dom batch as it crosses every boundary: at most LIMITS.batchOps operations, runs counted by their elements. */
export const WireBatch = z
  .array(WireOp)
  .check(
    z.minLength(1),
    z.maxLength(LIMITS.batchOps),
    z.refine((ops) => batchCount(ops) <= LIMITS.batchOps, `at most ${LIMITS.batchOps} operations in one batch`),
  );

