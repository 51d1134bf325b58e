// Context: shared (pure). Encoding and decoding runs (contracts/dom/runs.ts says what a run is): the part the
// remixlet runtime needs, apart from the run schemas every boundary parses with, because the runtime
// evaluates as little as it can (every sandbox evaluates it as it starts). Trusts nothing: a run's answer
// is parsed here before it is expanded.
import { z } from '../zod-mini';
import { LIMITS, OpResult, type DomOp, type HandleRef } from './ops';
import { answerSchema } from '../zod-answer';

/** The ops that may travel as a run: one element each, and no other handle among their arguments. */
export { RUN_KINDS, type RunKind } from './ops';
import { RUN_KINDS, type RunKind } from './ops';

/** Shorter runs travel as lone ops: the saving would not pay for the encoding. */
export const MIN_RUN = 4;

type RunOf = { [K in RunKind]: Omit<Extract<DomOp, { op: K }>, 'h'> }[RunKind];
/**
 * A run's elements travel packed (`ids`, one string of space-separated handle ids) when every one is a
 * handle id, so each boundary checks them with one pattern instead of parsing an object per element; a
 * run with a { ref } among them lists them (`hs`).
 */
export type RunOp = { op: 'run'; of: RunOf; hs: HandleRef[] } | { op: 'run'; of: RunOf; ids: string };

/**
 * A call found malformed on its way (by the offscreen host, or by the runtime when it cannot be sent at all),
 * kept in its place so that the batch's places, which later calls name by { ref }, still hold: it runs
 * nothing and is answered MALFORMED_MESSAGE with its reason. `count`: how many places it stood for (a run's
 * elements), each of which a later { ref } finds empty.
 */
export type MalformedOp = { op: 'malformed'; name: string; reason: string; count: number };

/** What crosses a boundary in a batch: ops, runs of ops, and calls refused on their way. */
export type WireOp = DomOp | RunOp | MalformedOp;

/** RUN_KINDS as a set, for lookups. */
export const runKinds: ReadonlySet<string> = new Set(RUN_KINDS);

/** The longest packed ids a run may carry: LIMITS.batchOps of the longest ids, and the spaces between. */
export const PACKED_IDS_MAX = LIMITS.batchOps * 26 - 1;

/**
 * How many ids a packed string holds, counted without splitting it; past PACKED_IDS_MAX, more than a batch may
 * hold. By indexOf, one step per id: code that runs once a batch stays in V8's lower tiers, where a loop over
 * every character costs five times as much (Node, --max-opt=1: 17 against 117 µs for 1,000 ids).
 */
export function packedCount(ids: string): number {
  if (ids.length > PACKED_IDS_MAX) return LIMITS.batchOps + 1;
  let n = 1;
  for (let i = ids.indexOf(' '); i !== -1; i = ids.indexOf(' ', i + 1)) n++;
  return n;
}

/** How many operations a wire op stands for (counted before parsing, so it reads anything). */
export function opCount(op: unknown): number {
  const o = op as { op?: unknown; hs?: unknown; ids?: unknown; count?: unknown } | null;
  if (o?.op === 'malformed') return typeof o.count === 'number' && o.count >= 1 ? Math.min(Math.floor(o.count), LIMITS.batchOps + 1) : 1;
  if (o?.op !== 'run') return 1;
  if (Array.isArray(o.hs)) return o.hs.length;
  return typeof o.ids === 'string' ? packedCount(o.ids) : 1;
}

/** How many elements a (parsed) run stands for. */
export function runLength(run: RunOp): number {
  return 'ids' in run ? packedCount(run.ids) : run.hs.length;
}

/** A (parsed) run's elements in order: a packed run's ids split once. */
export function runRefs(run: RunOp): HandleRef[] {
  return 'ids' in run ? run.ids.split(' ') : run.hs;
}

/** The name a wire op's call goes by in a refusal (`dom.hide` for a run of hides), read from anything. */
export function wireOpName(raw: unknown): string {
  const o = raw as { op?: unknown; of?: { op?: unknown } } | null;
  const op = o?.op === 'run' ? o.of?.op : o?.op;
  return `dom.${typeof op === 'string' ? op.slice(0, 40) : 'call'}`;
}

export function batchCount(ops: unknown): number {
  return Array.isArray(ops) ? ops.reduce((n: number, op: unknown) => n + opCount(op), 0) : 1;
}

/** How many elements a run stands for. */
const RunLength = z.int().check(z.minimum(1), z.maximum(LIMITS.batchOps));

/**
 * A run's answer (the value of its one OpResult): every element's result in order, or, when all of them
 * answered the same without a value or a note (hide, addClass, …), that one result and how many.
 */
export const RunAnswer = answerSchema(() =>
  z.union([
    z.strictObject({ run: RunLength, each: OpResult }),
    z.strictObject({ run: RunLength, results: z.array(OpResult).check(z.maxLength(LIMITS.batchOps)) }),
  ]),
);
export type RunAnswer = z.infer<typeof RunAnswer>;

/** Own enumerable fields, counted without the array Object.keys makes (once per element of a 1,000-call batch). */
export function fieldCount(o: object): number {
  let n = 0;
  for (const k in o) if (Object.prototype.hasOwnProperty.call(o, k)) n++;
  return n;
}

/** Whether two arguments read alike as JSON; one that cannot be read so (a BigInt, a cycle) is like nothing. */
const sameJson = (a: unknown, b: unknown): boolean => {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
};

/** Whether b has exactly a's fields (`keys`, a's own) with the same values, its element aside. */
const sameArgs = (a: DomOp, keys: readonly string[], b: DomOp): boolean => {
  if (fieldCount(b) !== keys.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (k === 'h') continue;
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    const va = (a as Record<string, unknown>)[k];
    const vb = (b as Record<string, unknown>)[k];
    if (va !== vb && !sameJson(va, vb)) return false;
  }
  return true;
};

/** Encodes runs of MIN_RUN or more consecutive same-op, same-argument ops; everything else goes as it is. */
export function encodeRuns(ops: readonly DomOp[]): WireOp[] {
  const out: WireOp[] = [];
  let i = 0;
  while (i < ops.length) {
    const first = ops[i]!;
    let j = i + 1;
    if (runKinds.has(first.op) && 'h' in first) {
      const keys = Object.keys(first);
      while (j < ops.length && ops[j]!.op === first.op && sameArgs(first, keys, ops[j]!)) j += 1;
    }
    if (j - i >= MIN_RUN) {
      const { h: _h, ...of } = first as DomOp & { h: HandleRef };
      const hs = ops.slice(i, j).map((op) => (op as { h: HandleRef }).h);
      out.push(hs.every((h) => typeof h === 'string') ? { op: 'run', of: of as RunOf, ids: hs.join(' ') } : { op: 'run', of: of as RunOf, hs });
      i = j;
    } else {
      for (; i < j; i++) out.push(ops[i]!);
    }
  }
  return out;
}

/** The lone op a run's element `h` (one of runRefs(run)) stands for. */
export function runElementOp(run: RunOp, h: HandleRef): DomOp {
  return { ...run.of, h } as DomOp;
}

/** The lone ops a run stands for, in order. */
export function runOps(run: RunOp): DomOp[] {
  return runRefs(run).map((h) => runElementOp(run, h));
}

/** What every element of a run of writes answers when nothing was left out. */
export const PLAIN_RESULT: OpResult = Object.freeze({ ok: true, value: null }) as OpResult;

/** The answer of a run of `count` elements that each answered PLAIN_RESULT. */
export function plainRunAnswer(count: number): OpResult {
  return { ok: true, value: { run: count, each: PLAIN_RESULT } };
}

/** Whether `answer` says each of a run's `count` elements answered PLAIN_RESULT (reads anything). */
export function isPlainRunAnswer(answer: unknown, count: number): boolean {
  const a = answer as { ok?: unknown; value?: { run?: unknown; each?: { ok?: unknown; value?: unknown; notes?: unknown } } } | null | undefined;
  const value = a?.ok === true ? a.value : undefined;
  const each = value?.run === count ? value.each : undefined;
  return each?.ok === true && each.value === null && each.notes === undefined;
}

/** A run's one answer from its elements' results. */
export function answerRun(results: OpResult[]): OpResult {
  const first = results[0];
  const same = first?.ok === true && first.value === null && !first.notes && results.every((r) => r.ok && r.value === null && !r.notes);
  return same ? plainRunAnswer(results.length) : { ok: true, value: { run: results.length, results } };
}

const malformed = (op: string): OpResult => ({ ok: false, refusal: { code: 'MALFORMED_MESSAGE', reason: 'The page answered a run with something unexpected.', op } });

/**
 * One result per operation, in the order the ops were sent before encoding. A run refused as a whole
 * answers each of its elements with that refusal; an answer that does not fit the run is malformed for each.
 */
export function expandResults(wire: readonly WireOp[], results: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  wire.forEach((op, i) => {
    const result = results[i];
    if (op.op === 'malformed') {
      for (let k = 0; k < op.count; k++) out.push(result);
      return;
    }
    if (op.op !== 'run') {
      out.push(result);
      return;
    }
    const n = runLength(op);
    const name = `dom.${op.of.op}`;
    const r = result as { ok?: unknown; value?: unknown } | undefined;
    if (r?.ok === false) {
      for (let k = 0; k < n; k++) out.push(result);
      return;
    }
    const answer = RunAnswer.safeParse(r?.ok === true ? r.value : undefined);
    if (!answer.success || answer.data.run !== n || ('results' in answer.data && answer.data.results.length !== n)) {
      for (let k = 0; k < n; k++) out.push(malformed(name));
      return;
    }
    if ('each' in answer.data) for (let k = 0; k < n; k++) out.push(answer.data.each);
    else out.push(...answer.data.results);
  });
  return out;
}
