// Context: page agent. Runs a batch of dom operations for one remixlet: each op checked on its own, one
// result per op; a refusal answers that op and the batch goes on (a call the offscreen host found malformed
// arrives as one, contracts/dom/runs.ts MalformedOp). A run (one op over many elements,
// contracts/dom/runs.ts) has each of its elements checked as a lone op. Trusts the scope (from the worker's
// records), and the ops' shape only because the router parsed the batch where it arrived
// (worker-page-agent-core.ts); what they ask is checked by each op. Long batches give the page its thread
// back between slices, and a remixlet that sends more operations than its budget gets RATE_LIMITED answers.
import { LIMITS, type BatchAnswer, type DomOp, type HandleRef, type OpResult } from '../contracts/dom/ops';
import { PLAIN_RESULT, answerRun, plainRunAnswer, runElementOp, runRefs, type MalformedOp, type RunOp, type WireOp } from '../contracts/dom/runs';
import type { RemixletScope } from '../contracts/boundaries/worker-page-agent';
import { RemixletRefusal } from '../contracts/refusals';
import { refusalOf } from '../contracts/trpc-errors';
import { OPS } from './ops/index';
import { tableFor } from './handles';
import { subscriptions } from './subscriptions';
import { PageFacts } from './page-facts';
import { admitOps, OP_BUDGET } from './rate-limit';
import { Slicer } from './yield';
import { pageReadyFor } from './ready';
import { recordsMadeBy } from './ops/watch';
import { batchReceived } from './batch-count';
import { BENCH_BUILD, BENCH_MARKS } from '../contracts/build-flags';
import { benchMark } from '../contracts/bench-marks';
import { noteRunTime } from './bench-run-times';
import type { OpContext } from './op-context';

/** An exception the DOM threw (e.g. a selector the engine rejects late) becomes a refusal that says so. */
function asOpRefusal(e: unknown, name: string) {
  if (e instanceof DOMException) {
    const code = e.name === 'HierarchyRequestError' ? 'HIERARCHY_REFUSED' : e.name === 'SyntaxError' ? 'SELECTOR_INVALID' : 'NOT_APPLICABLE';
    return { code, reason: `The page refused it: ${e.message.slice(0, 300)}`, op: name } as const;
  }
  const refusal = refusalOf(e);
  return { ...refusal, op: refusal.op ?? name };
}

type Batch = { scope: RemixletScope; handles: ReturnType<typeof tableFor>; page: PageFacts; slicer: Slicer; batchResults: unknown[] };

/**
 * One operation, parsed and checked on its own; its result also goes into batchResults for later { ref }s.
 * Synchronous unless the operation (or a yield to the page) is not: most writes cost no promise.
 */
function execOne(b: Batch, op: DomOp): OpResult | Promise<OpResult> {
  if (b.slicer.due()) {
    return b.slicer.yield().then(() => {
      b.page.forget();
      return execNow(b, op);
    });
  }
  return execNow(b, op);
}

/**
 * The context an op of this batch runs with (one for a run's elements); `notes` collects what it left out.
 * Its calls are the prototype's, the same functions in every batch: with a closure per batch, V8 threw away
 * its optimised code for the ops, which had inlined the last batch's closure, at the next batch ("wrong call
 * target" in --trace-deopt). One object per op or run, where there were an object and two closures.
 */
class BatchOpContext implements OpContext {
  readonly subscriptions = subscriptions;
  readonly scope: RemixletScope;
  readonly handles: Batch['handles'];
  readonly batchResults: unknown[];
  readonly page: PageFacts;
  readonly name: string;
  notes: string[] | undefined = undefined;

  constructor(b: Batch, name: string) {
    this.scope = b.scope;
    this.handles = b.handles;
    this.batchResults = b.batchResults;
    this.page = b.page;
    this.name = name;
  }

  element(ref: HandleRef): Element {
    return this.handles.resolve(ref, this.batchResults, this.name);
  }

  note(message: string): void {
    const notes = (this.notes ??= []);
    if (notes.length < LIMITS.notes) notes.push(message.slice(0, 1_000));
  }
}

const rateLimited = (name: string) =>
  new RemixletRefusal('RATE_LIMITED', `More than ${OP_BUDGET.perSecond} dom operations a second on this page; batch fewer, or wait between rounds.`, name);

/** Past the remixlet's budget on this page an op is refused, costing the page nothing more. */
function admit(b: Batch, name: string): void {
  if (admitOps(b.scope.id) === 0) throw rateLimited(name);
}

/**
 * How often a run reads the clock to see whether its slice is due: every RUN_CLOCK_STRIDE elements. A run is
 * one op over and over, so the elements between two reads cost alike; reading it for each was as dear as
 * the hide itself (a CPU profile of a 1,000-hide run in Chromium).
 */
const RUN_CLOCK_STRIDE = 8;

function execNow(b: Batch, op: DomOp): OpResult | Promise<OpResult> {
  const name = `dom.${op.op}`;
  const ctx = new BatchOpContext(b, name);
  const refused = (e: unknown): OpResult => {
    b.batchResults.push(null);
    return { ok: false, refusal: asOpRefusal(e, name) };
  };
  const answered = (v: unknown): OpResult => {
    const value = v ?? null;
    b.batchResults.push(value);
    return ctx.notes ? { ok: true, value, notes: ctx.notes } : { ok: true, value };
  };
  try {
    admit(b, name);
    const handler = OPS[op.op] as ((op: DomOp, ctx: OpContext) => unknown) | undefined;
    if (!handler) throw new RemixletRefusal('NOT_FOUND', `${name} is not available in this version of Remixlet.`, name);
    const pending = handler(op, ctx);
    if (pending instanceof Promise) return pending.finally(() => b.page.forget()).then(answered, refused);
    return answered(pending);
  } catch (e) {
    return refused(e);
  }
}

/** A batch as the router receives it: numbered at once (batch-count.ts), then run. */
export async function receiveBatch(scope: RemixletScope, ops: WireOp[]): Promise<BatchAnswer> {
  if (BENCH_MARKS) benchMark('pa:batch-in');
  const batch = batchReceived(scope.id);
  const results = await execBatch(scope, ops);
  if (BENCH_MARKS) benchMark('pa:batch-done');
  return { batch, results };
}

export async function execBatch(scope: RemixletScope, ops: WireOp[]): Promise<OpResult[]> {
  const notYet = pageReadyFor(scope.runAt);
  if (notYet) await notYet;
  const b: Batch = { scope, handles: tableFor(scope.id), page: new PageFacts(), slicer: new Slicer(), batchResults: [] };
  const results: OpResult[] = [];
  for (const op of ops) {
    if (op.op === 'malformed') {
      results.push(answerMalformed(b, op));
      continue;
    }
    // Changes made before this call are anyone's; those its synchronous part makes are this remixlet's own
    // (a keep's watch reports them as such: ops/watch.ts). After an await, anyone's again.
    recordsMadeBy(undefined);
    // A run's elements in order, through the same admission, handle lookup and checks as a lone op; one { ref } slot per element.
    const result = op.op === 'run' ? execRun(b, op) : execOne(b, op);
    recordsMadeBy(scope.id);
    results.push(result instanceof Promise ? await result : result);
  }
  recordsMadeBy(undefined);
  return results;
}

/** A call refused on its way: it runs nothing, and each place it stood for is empty to a later { ref }. */
function answerMalformed(b: Batch, op: MalformedOp): OpResult {
  for (let i = 0; i < op.count; i++) b.batchResults.push(null);
  return { ok: false, refusal: { code: 'MALFORMED_MESSAGE', reason: op.reason, op: op.name } };
}

/**
 * A run's elements in order, each through what execNow does for a lone op (a yield when the slice is
 * due, admission, the handle lookup and the op's own checks, one batchResults slot), with the bookkeeping
 * done once per run: one name and op context, and the per-element answers kept only once one differs
 * from a plain success. Answers as answerRun does (tests/unit/page-agent/runs.test.ts compares the two).
 */
async function execRun(b: Batch, run: RunOp): Promise<OpResult> {
  const started = BENCH_BUILD ? performance.now() : 0;
  const name = `dom.${run.of.op}`;
  const handler = OPS[run.of.op] as ((op: DomOp, ctx: OpContext) => unknown) | undefined;
  const { batchResults, page } = b;
  const ctx = new BatchOpContext(b, name);
  let each: OpResult[] | undefined;
  const refs = runRefs(run);
  // Tokens are taken for the rest of the run at once; past the budget, one refusal answers every element refused.
  let admitted = 0;
  let limited: OpResult | undefined;
  for (let i = 0; i < refs.length; i++) {
    if (i % RUN_CLOCK_STRIDE === 0 && b.slicer.due()) {
      await b.slicer.yield();
      page.forget();
    }
    ctx.notes = undefined;
    let result: OpResult;
    if (admitted === 0) admitted = admitOps(b.scope.id, refs.length - i);
    if (admitted === 0) {
      batchResults.push(null);
      result = limited ??= { ok: false, refusal: asOpRefusal(rateLimited(name), name) };
    } else {
      admitted--;
      try {
        if (!handler) throw new RemixletRefusal('NOT_FOUND', `${name} is not available in this version of Remixlet.`, name);
        let value = handler(runElementOp(run, refs[i]!), ctx);
        if (value instanceof Promise) value = await value.finally(() => page.forget());
        value ??= null;
        batchResults.push(value);
        result = ctx.notes ? { ok: true, value, notes: ctx.notes } : value === null ? PLAIN_RESULT : { ok: true, value };
      } catch (e) {
        batchResults.push(null);
        result = { ok: false, refusal: asOpRefusal(e, name) };
      }
    }
    if (each) each.push(result);
    else if (result !== PLAIN_RESULT) each = [...Array<OpResult>(i).fill(PLAIN_RESULT), result];
  }
  const answer = each ? answerRun(each) : plainRunAnswer(refs.length);
  if (BENCH_BUILD) noteRunTime(refs.length, performance.now() - started);
  return answer;
}
