// Context: remixlet runtime (dedicated worker). Reading ahead for rmx.keep: a check written
// `(await dom.query(s))?.attr(n)` is two round trips, and a keep runs it again at every change near what it
// looks at. The reads its last run made (ReadRecorder) are sent together as its next run starts (its first run
// on a page, those of the last run on an earlier load: contracts/boundaries/keep-plans.ts), each naming
// the element an earlier one found by { ref } as a chained call does; each call the check then makes is
// answered from them (ReadAhead.take) when it is the same read of the same element, and goes to the page as
// usual when not. As with dom.batch, such answers are the page at one moment, the check's start; the bridge
// (bridge.ts readAhead) stops answering from them once anything could know of a later one. A check that failed
// hands its own reads to its repair the same way (ReadRecorder.seen): `(await dom.query(s))?.setAttr(…)` finds
// its element in what the check just read, as if the check had taken a moment longer.
// Trusts nothing: a plan is only reads (OpUse.reads), and the page agent checks each as it checks any call.
import { READ_OPS, type DomOp } from '../../contracts/dom/ops';
import { handleIdOf } from './handle-id';
import { KEEP_PLAN_READS_MAX, PLAN_ELEMENT_KEYS } from '../../contracts/boundaries/keep-plans';

type Ref = { ref: number };

const isRef = (v: unknown): v is Ref => typeof v === 'object' && v !== null && typeof (v as Ref).ref === 'number';

/** A planned read as it goes in a batch where the plan starts at place `base`: each { ref } moved by that much. */
export function placedAt(planned: DomOp, base: number): DomOp {
  const op: Record<string, unknown> = { ...planned };
  for (const key of PLAN_ELEMENT_KEYS) if (isRef(op[key])) op[key] = { ref: (op[key] as Ref).ref + base };
  return op as DomOp;
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The calls of one run of a check, in order, as a plan for the next: undefined unless each was a read. */
export class ReadRecorder {
  private readonly calls: DomOp[] = [];
  private readonly planned: DomOp[] = [];
  private readonly answers: unknown[] = [];
  private readonly promises: Promise<unknown>[] = [];
  private spoiled = false;

  /** One call with its answer; `via`, the call of the same batch whose element it names by { ref }. */
  note(op: DomOp, answer: Promise<unknown>, via?: DomOp): void {
    if (this.spoiled) return;
    if (!READ_OPS.has(op.op) || this.planned.length >= KEEP_PLAN_READS_MAX) return this.spoil();
    const planned: Record<string, unknown> = { ...op };
    for (const key of PLAN_ELEMENT_KEYS) {
      const target = planned[key];
      if (typeof target === 'string') {
        // A handle an earlier read of this run found: named by that read's place, so the plan follows the page.
        const at = this.answers.findIndex((a) => handleIdOf(a) === target);
        if (at >= 0) planned[key] = { ref: at };
      } else if (isRef(target)) {
        const at = via ? this.calls.indexOf(via) : -1;
        if (at < 0) return this.spoil();
        planned[key] = { ref: at };
      }
    }
    const i = this.planned.length;
    this.calls.push(op);
    this.planned.push(planned as DomOp);
    this.promises.push(answer);
    answer.then(
      (v) => void (this.answers[i] = v),
      () => undefined,
    );
  }

  spoil(): void {
    this.spoiled = true;
  }

  /** Two reads or more, all of them reads: one alone gains nothing sent ahead. */
  plan(): readonly DomOp[] | undefined {
    return this.spoiled || this.planned.length < 2 ? undefined : this.planned;
  }

  /** What this run read, with the answers it had, to answer the same reads again (its repair's); undefined unless each call was a read. */
  seen(): ReadAhead | undefined {
    return this.spoiled || !this.planned.length ? undefined : new ReadAhead(this.planned, this.promises);
  }
}

/** A plan sent ahead, and the answers it brings, each given to at most one call. */
export class ReadAhead {
  private readonly values: unknown[] = [];
  private readonly settled: boolean[] = [];
  private readonly used: boolean[] = [];

  constructor(
    private readonly plan: readonly DomOp[],
    private readonly answers: readonly Promise<unknown>[],
  ) {
    answers.forEach((a, i) =>
      a.then(
        (v) => {
          this.values[i] = v;
          this.settled[i] = true;
        },
        () => undefined,
      ),
    );
  }

  /** The answer read ahead for this call, when one is the same read of the same element; else undefined. */
  take(op: DomOp): Promise<unknown> | undefined {
    for (let i = 0; i < this.plan.length; i++) {
      if (this.used[i] || !this.same(op, this.plan[i]!)) continue;
      this.used[i] = true;
      return this.answers[i];
    }
    return undefined;
  }

  private same(call: DomOp, planned: DomOp): boolean {
    if (call.op !== planned.op) return false;
    const c = call as Record<string, unknown>;
    const p = planned as Record<string, unknown>;
    for (const key of new Set([...Object.keys(c), ...Object.keys(p)])) {
      const wanted = p[key];
      if ((PLAN_ELEMENT_KEYS as readonly string[]).includes(key) && isRef(wanted)) {
        // Named by an earlier read's place: the same element only once that read has answered it.
        if (!this.settled[wanted.ref] || typeof c[key] !== 'string' || handleIdOf(this.values[wanted.ref]) !== c[key]) return false;
      } else if (!equal(c[key], wanted)) return false;
    }
    return true;
  }
}
