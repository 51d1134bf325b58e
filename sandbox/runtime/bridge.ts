// Context: remixlet runtime (dedicated worker). Carries dom calls to the offscreen host. Calls made in the
// same tick travel as one batch (one round trip), each resolving with its own result or refusal. The
// runtime paces itself (the offscreen host enforces the same budgets): past the dom budget a call is
// refused at once, and past the message budget batches wait for the next second and grow instead.
import type { Remote } from 'comlink';
import type { BatchAnswer, DomOp, OpResult } from '../../contracts/dom/ops';
import { OpResult as OpResultSchema } from '../../contracts/dom/ops';
import { LIMITS, QUIET_OPS, READ_OPS } from '../../contracts/dom/ops';
import type { Refusal } from '../../contracts/refusals';
import type { HostAnswer, SandboxHost } from '../../contracts/boundaries/sandbox-offscreen';
import { RateWindow } from '../../contracts/rate-window';
import { encodeRuns, expandResults, opCount, wireOpName, type WireOp } from '../../contracts/dom/run-codec';
import { WAKE_AHEAD } from './wake-ahead';
import { placedAt, ReadAhead } from './read-ahead';
import { BENCH_BUILD } from '../../contracts/build-flags';
import { noteBatchSettled } from './bench-batch-legs';

export const RUNTIME_RATE = { messagesPerSecond: 200, domOpsPerSecond: 2_000 } as const;

export class RemixletError extends Error {
  readonly code: string;
  readonly reason: string;
  readonly op: string | undefined;
  constructor(refusal: Refusal) {
    super(`${refusal.op ? `${refusal.op}: ` : ''}${refusal.reason} [${refusal.code}]`);
    this.name = 'RemixletError';
    this.code = refusal.code;
    this.reason = refusal.reason;
    this.op = refusal.op;
  }
}

interface Pending {
  op: DomOp;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  /** Its place among every call this bridge queued; minus the number already sent, its place in the queue. */
  seq: number;
  /** A change whose answer is nothing to its caller: resolved with undefined, and nothing can chain on it. */
  answersNothing: boolean;
}

// One executor for every call's promise, instead of a closure per call: a 1,000-call batch's garbage is what
// its time in a sandbox went to (young-generation collections, bench/HISTORY.md ninth pass).
let capturedResolve: (value: unknown) => void = () => undefined;
let capturedReject: (error: unknown) => void = () => undefined;
function capture(resolve: (value: unknown) => void, reject: (error: unknown) => void): void {
  capturedResolve = resolve;
  capturedReject = reject;
}

/** A call that, while it waits to be sent, another call can name by its place in the batch. */
export interface QueuedCall {
  ref: { ref: number };
  op: DomOp;
}

// Taken as the runtime starts: remixlet code that replaces the global later does not reach the checks below.
const cloneOf = structuredClone;
const isSafeInteger = Number.isSafeInteger;

/**
 * The wire with each element that cannot cross a MessagePort replaced by the MalformedOp that answers it, each
 * other one by its copy (plain data, read once); undefined when every element crosses, so that what stopped
 * the message was not its contents.
 */
function sendableWire(wire: readonly WireOp[]): WireOp[] | undefined {
  let refused = false;
  const out = wire.map((op): WireOp => {
    try {
      return cloneOf(op);
    } catch (e) {
      refused = true;
      const why = e instanceof Error && e.name === 'DataCloneError' ? 'a function, a symbol or another value that is not plain data' : 'a value that threw when it was read';
      return { op: 'malformed', name: wireOpName(op), reason: `Malformed call: its arguments hold ${why}; pass strings, numbers, booleans, plain objects and arrays.`, count: opCount(op) };
    }
  });
  return refused ? out : undefined;
}

export class Bridge {
  #queue: Pending[] = [];
  /** Calls sent so far (the queue's front is spliced off as it is sent). */
  #sent = 0;
  /** Calls queued, by the answer each dom() returned: a call chained on one of them travels in its batch. */
  readonly #queued = new WeakMap<Promise<unknown>, Pending>();
  #scheduled = false;
  readonly #host: Remote<SandboxHost>;
  readonly #messages = new RateWindow(RUNTIME_RATE.messagesPerSecond);
  readonly #ops = new RateWindow(RUNTIME_RATE.domOpsPerSecond);
  readonly #timer: (fn: () => void, ms: number) => unknown;
  readonly #onLimited: (reason: string) => void;
  #warnedWindow = NaN;
  /** When a message last left or an answer last came back (by #clock). */
  #lastCrossed = -Infinity;
  /** Taken when the bridge is made, before remixlet code runs, as RateWindow takes its own. */
  readonly #clock = Date.now;
  readonly #taps: Array<(op: DomOp, answer: Promise<unknown>, via?: DomOp) => void> = [];
  /** Reads sent ahead of a keep's check (read-ahead.ts), while their answers may still answer its calls. */
  #ahead: ReadAhead | undefined;
  /** Calls that may change the page (not QUIET_OPS) queued, and those answered (or refused on the way). */
  #changesQueued = 0;
  #changesAnswered = 0;
  /** The highest batch number an answer has carried (contracts/dom/ops.ts BatchNumber); 0 before any. */
  #lastBatch = 0;

  constructor(host: Remote<SandboxHost>, timer: (fn: () => void, ms: number) => unknown, onLimited: (reason: string) => void) {
    this.#host = host;
    this.#timer = timer;
    this.#onLimited = onLimited;
  }

  /**
   * Sees every dom call with its answer, and for a call chained on another in one batch that other call;
   * rmx.keep learns from them what a check looks at (keep-scope.ts).
   */
  tap(fn: (op: DomOp, answer: Promise<unknown>, via?: DomOp) => void): void {
    this.#taps.push(fn);
  }

  /**
   * Queues one dom call as the remixlet made it: the offscreen host parses each call of a batch on its own,
   * so a malformed one is refused alone (contracts/dom/runs.ts SandboxDomBatch). `via`: the queued call whose
   * element this one names by { ref } (queued(answer).op). `answersNothing`: a change whose caller gets
   * undefined (hide, addClass, …); no call can chain on it.
   */
  dom(op: DomOp, via?: DomOp, answersNothing = false): Promise<unknown> {
    if (this.#ahead) {
      // A change sent after the reads ahead may land before a later call would have read: they answer no more.
      if (!READ_OPS.has(op.op)) this.#ahead = undefined;
      const ahead = via ? undefined : this.#ahead?.take(op);
      if (ahead) {
        // The caller's own promise: a refusal it leaves unhandled is reported as any call's would be.
        const answer = ahead.then((v) => v);
        for (let i = 0; i < this.#taps.length; i++) this.#taps[i]!(op, answer);
        return answer;
      }
    }
    const answer = new Promise(capture);
    const resolve = capturedResolve;
    const reject = capturedReject;
    if (this.#ops.take()) {
      const entry: Pending = { op, resolve, reject, seq: this.#sent + this.#queue.length, answersNothing };
      this.#queue.push(entry);
      // Counted as it is queued: a change not yet sent is as unseen by a check as one on its way.
      if (!QUIET_OPS.has(op.op)) this.#changesQueued++;
      if (!answersNothing) this.#queued.set(answer, entry);
      if (this.#queue.length >= LIMITS.batchOps) this.flush();
      else this.#schedule(0);
    } else reject(this.#limited(op));
    // Indexed: an iterator per call is garbage a 1,000-call batch feels in a sandbox whose code is not yet optimised.
    for (let i = 0; i < this.#taps.length; i++) this.#taps[i]!(op, answer, via);
    return answer;
  }

  /**
   * Sends these reads now, in one batch (a keep's check, read-ahead.ts): each { ref } names the plan's own
   * place. Until dropAhead, a call that is the same read of the same element is answered from them, without
   * a round trip. They count against both budgets like calls, and are not sent when those are spent.
   */
  readAhead(plan: readonly DomOp[]): void {
    this.#ahead = undefined;
    const base = this.#queue.length;
    if (!plan.length || base + plan.length > LIMITS.batchOps || !this.#ops.take(plan.length)) return;
    const answers = plan.map((planned) => {
      const answer = new Promise(capture);
      this.#queue.push({ op: placedAt(planned, base), resolve: capturedResolve, reject: capturedReject, seq: this.#sent + this.#queue.length, answersNothing: false });
      // A read no call takes is dropped, refusal and all.
      answer.catch(() => undefined);
      return answer;
    });
    this.#schedule(0);
    this.#ahead = new ReadAhead(plan, answers);
  }

  /**
   * Calls that are the same read of the same element as one of these, already answered, are answered from them
   * until dropAhead, on the same terms as reads sent ahead (a keep's repair, from its check's reads).
   */
  answerFrom(seen: ReadAhead): void {
    this.#ahead = seen;
  }

  /** The reads sent ahead (or only `these`, when they are what answers now) answer no more calls: the check ended, or something could know of a later page. */
  dropAhead(these?: ReadAhead): void {
    if (!these || this.#ahead === these) this.#ahead = undefined;
  }

  /**
   * The call that `answer` belongs to while it still waits to be sent and a call queued now would travel in
   * the same batch: that call's place, for a chained call to name its element by ({ ref }). Undefined once
   * it has left (the chained call then waits for its answer instead).
   */
  queued(answer: Promise<unknown>): QueuedCall | undefined {
    const entry = this.#queued.get(answer);
    const at = entry ? entry.seq - this.#sent : -1;
    // The next call goes at index queue.length; flushes splice LIMITS.batchOps from the front, so both share one only below that.
    if (!entry || at < 0 || this.#queue.length >= LIMITS.batchOps) return undefined;
    return { ref: { ref: at }, op: entry.op };
  }

  #limited(op: DomOp): RemixletError {
    const reason = `More than ${RUNTIME_RATE.domOpsPerSecond} dom calls a second; this one was refused. Check less often, or keep handles instead of querying again.`;
    if (this.#warnedWindow !== this.#ops.mark()) {
      this.#warnedWindow = this.#ops.mark();
      this.#onLimited(reason);
    }
    return new RemixletError({ code: 'RATE_LIMITED', reason, op: `dom.${op.op}` });
  }

  #schedule(ms: number): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    if (ms === 0) queueMicrotask(() => this.flush());
    else this.#timer(() => this.flush(), ms);
  }

  /** Sends what is queued now (dom.batch calls this); waits for the next second when over the message budget. */
  flush(): void {
    this.#scheduled = false;
    if (!this.#queue.length) return;
    if (!this.#messages.take()) {
      this.#schedule(this.#messages.msUntilNext());
      return;
    }
    const batch = this.#queue.splice(0, LIMITS.batchOps);
    this.#sent += batch.length;
    if (this.#queue.length) this.#schedule(0);
    let changes = 0;
    for (const p of batch) if (!QUIET_OPS.has(p.op.op)) changes++;
    // Runs of one op over many elements travel as one (contracts/dom/runs.ts); answers come back one per call.
    this.#send(batch, encodeRuns(batch.map((p) => p.op)), true, changes);
  }

  /**
   * How many calls that may change the page have been answered, when every one made has been; undefined
   * while one waits to be sent or is on its way. A check begun at a count has seen what those calls did (rmx.keep, keep.ts).
   */
  changesSettled(): number | undefined {
    return this.#changesQueued === this.#changesAnswered ? this.#changesAnswered : undefined;
  }

  /**
   * A number no batch sent from now on can be below: one more than the highest the page agent has answered with.
   * A check begun now reads in batches at least this high, after every change a report says came before it.
   */
  batchesFrom(): number {
    return this.#lastBatch + 1;
  }

  /**
   * Sends a batch as the remixlet made its calls: the offscreen host parses each where it arrives. A call that
   * cannot be sent at all (a function, a symbol or a proxy among its arguments, a getter that throws) stops the
   * whole message; the batch then goes again with each such call in its place as a MalformedOp.
   */
  #send(batch: Pending[], wire: WireOp[], mayRetry: boolean, changes: number): void {
    this.#lastCrossed = this.#clock();
    void this.#host.dom(wire).then(
      (answer) => {
        const arrived = BENCH_BUILD ? performance.now() : 0;
        this.#lastCrossed = this.#clock();
        this.#changesAnswered += changes;
        this.#settle(batch, wire, answer);
        if (BENCH_BUILD) noteBatchSettled(batch.length, arrived, performance.now());
      },
      (e: unknown) => {
        const sendable = mayRetry ? sendableWire(wire) : undefined;
        if (sendable) return this.#send(batch, sendable, false, changes);
        this.#changesAnswered += changes;
        for (const p of batch) p.reject(new RemixletError({ code: 'INTERNAL', reason: String(e), op: `dom.${p.op.op}` }));
      },
    );
  }

  #settle(batch: Pending[], wire: WireOp[], answer: HostAnswer): void {
    if (!answer.ok) {
      for (const p of batch) p.reject(new RemixletError({ ...answer.refusal, op: answer.refusal.op ?? `dom.${p.op.op}` }));
      return;
    }
    const value = answer.value as Partial<BatchAnswer> | null;
    // A number that is not one is passed over: it can only make a later report look new, never an old one seen.
    if (isSafeInteger(value?.batch) && value!.batch! > this.#lastBatch) this.#lastBatch = value!.batch!;
    const results = expandResults(wire, Array.isArray(value?.results) ? value.results : []) as OpResult[];
    // A run answered alike by all its elements expands to one shared answer: parsed once.
    let lastRaw: unknown = {};
    let lastParsed: ReturnType<typeof OpResultSchema.safeParse> | undefined;
    batch.forEach((p, i) => {
      if (results[i] !== lastRaw || !lastParsed) lastParsed = OpResultSchema.safeParse((lastRaw = results[i]));
      const result = lastParsed;
      if (!result.success) p.reject(new RemixletError({ code: 'MALFORMED_MESSAGE', reason: 'The page answered with something unexpected.', op: `dom.${p.op.op}` }));
      else if (result.data.ok) p.resolve(p.answersNothing ? undefined : result.data.value);
      else p.reject(new RemixletError({ ...result.data.refusal, op: result.data.refusal.op ?? `dom.${p.op.op}` }));
    });
  }

  /**
   * Wakes the path ahead of calls about to come (wake-ahead.ts): when nothing has crossed for WAKE_AHEAD.quietMs,
   * one read (dom.url) goes to the page and back, its answer dropped. It counts against both budgets like any
   * call, and is not sent when they are spent.
   */
  wake(): void {
    if (this.#clock() - this.#lastCrossed < WAKE_AHEAD.quietMs || this.#queue.length) return;
    if (!this.#messages.take() || !this.#ops.take()) return;
    this.#lastCrossed = this.#clock();
    void this.#host.dom([{ op: 'url' }]).then(
      () => void (this.#lastCrossed = this.#clock()),
      () => undefined,
    );
  }

  async call(name: Exclude<keyof SandboxHost, 'dom'>, input: unknown): Promise<unknown> {
    while (!this.#messages.take()) await new Promise<void>((resolve) => this.#timer(resolve, this.#messages.msUntilNext()));
    this.#lastCrossed = this.#clock();
    const answer = await this.#host[name](input);
    if (!answer.ok) throw new RemixletError(answer.refusal);
    return answer.value;
  }
}
