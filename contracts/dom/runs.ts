// Context: shared (pure). Runs: on the wire only, never a remixlet's call. Consecutive ops of one batch that
// differ only in their element travel as one run, the op once and its elements as one string of ids (or a
// list, when a { ref } is among them), so a batch of 1,000 hides crosses each boundary (sandbox → offscreen →
// worker → page agent and back) as one small message instead of 1,000 objects (bench/batch.bench.ts). The
// page agent runs the op on each element in order, with every check it runs on a lone op, and a run counts
// as its elements against every limit and budget. Trusts nothing: every boundary parses a run with these
// schemas, as it parses a lone op.
import { z } from '../zod-mini';
import { domOpSchema, DomOp, HANDLE_ID_PATTERN, HandleRef, LIMITS, RUN_KINDS } from './ops';
import { lazyVariant } from '../zod-lazy-variant';
import { PACKED_IDS_MAX, batchCount, opCount, packedCount, wireOpName, type MalformedOp as MalformedOpShape, type RunOp as RunOpShape, type WireOp as WireOpShape } from './run-codec';

export * from './run-codec';
export type RunOp = RunOpShape;
export type WireOp = WireOpShape;
export type MalformedOp = MalformedOpShape;

type OpSchema = z.ZodMiniObject<{ op: z.ZodMiniLiteral<string>; h: typeof HandleRef }>;

// Each kind's own schema without its element: the arguments are checked exactly as a lone op's. Built, as the
// ops are, the first time a run of that kind is parsed.
const RunOf = z.discriminatedUnion(
  'op',
  RUN_KINDS.map((name) => lazyVariant('op', name, () => z.omit(domOpSchema(name) as unknown as OpSchema, { h: true }))) as never,
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

/** The longest reason a malformed call carries on (a zod message about one field, with its path). */
const MALFORMED_REASON_MAX = 500;

export const MalformedOp = z
  .strictObject({
    op: z.literal('malformed'),
    name: z.string().check(z.maxLength(60)),
    reason: z.string().check(z.maxLength(MALFORMED_REASON_MAX)),
    count: z.int().check(z.minimum(1), z.maximum(LIMITS.batchOps)),
  })
  .register(z.globalRegistry, {
    description: 'A call found malformed on its way, kept in its place so that later { ref }s still name the right calls; it runs nothing and is answered MALFORMED_MESSAGE.',
  }) as unknown as z.ZodMiniType<MalformedOp>;

/** What crosses a boundary in a batch: ops, runs of ops, and calls refused on their way. */
export const WireOp = z.union([DomOp, RunOp, MalformedOp]);

const batchChecks = [
  z.minLength(1),
  z.maxLength(LIMITS.batchOps),
  z.refine((ops: unknown) => batchCount(ops) <= LIMITS.batchOps, `at most ${LIMITS.batchOps} operations in one batch`),
] as const;

/** A dom batch as it crosses every boundary after the first: at most LIMITS.batchOps operations, runs counted by their elements. */
export const WireBatch = z.array(WireOp).check(...batchChecks);

/** Each element by the schema of what it says it is, so that the first issue names the field that is wrong. */
const schemaOf = (raw: unknown) => {
  const op = (raw as { op?: unknown } | null)?.op;
  return op === 'run' ? RunOp : op === 'malformed' ? MalformedOp : DomOp;
};

/** One element of a sandbox's batch: itself, or the MalformedOp that keeps its place and says what is wrong with it. */
export function wireOpOrMalformed(raw: unknown): WireOp {
  const parsed = schemaOf(raw).safeParse(raw);
  if (parsed.success) return parsed.data as WireOp;
  const issue = parsed.error.issues[0];
  const reason = `Malformed ${issue?.path.join('.') || 'call'}: ${issue?.message ?? 'invalid'}.`.slice(0, MALFORMED_REASON_MAX);
  return { op: 'malformed', name: wireOpName(raw), reason, count: Math.min(opCount(raw), LIMITS.batchOps) };
}

/**
 * A dom batch as the offscreen host receives it from a sandbox, where remixlet code writes the calls. The batch
 * as a whole (a list, its length, its count) is refused whole; each call in it is parsed on its own, and a
 * malformed one travels on as the MalformedOp that answers it, so that one bad argument does not spoil the
 * calls beside it. Every later boundary parses the result as a WireBatch.
 */
export const SandboxDomBatch = z.pipe(z.array(z.unknown()).check(...batchChecks), z.transform((ops: unknown[]): WireOp[] => ops.map(wireOpOrMalformed)));

