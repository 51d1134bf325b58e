// Context: remixlet runtime (dedicated worker). What part of the page a keep's check looks at, learned from
// the dom calls it makes while it runs: the selectors of its document-wide queries, and whether every handle
// it used came from those (or from a query inside one of their elements, or their children). A check that
// uses anything else (a handle kept from earlier, an ancestor, an element it created) cannot be placed and
// watches the whole page, as does one that queried nothing. Trusts nothing: it only narrows what wakes a
// check; the page agent still checks every selector.
import { LIMITS, type DomOp } from '../../contracts/dom/ops';

/** The selectors a check looked at, or 'page' when it cannot be placed. */
export type KeepScope = readonly string[] | 'page';

const handleIdsOf = (v: unknown): string[] => {
  const one = (x: unknown) => (x && typeof x === 'object' && typeof (x as { h?: unknown }).h === 'string' ? [(x as { h: string }).h] : []);
  return Array.isArray(v) ? v.flatMap(one) : one(v);
};

/** Past this many, the handles any check placed are forgotten (a later call on one widens to the page). */
const PLACED_MAX = 10_000;

/** One run of a check: every dom call it made, with its answer. */
export class CheckTrace {
  private readonly sels = new Set<string>();
  private unplaced = false;

  /**
   * `placed`: handles of elements inside what any of this remixlet's checks queried, shared by their traces,
   * since a call made after an await while several checks run is shown to each of them.
   */
  constructor(private readonly placed: Set<string>) {}

  /** Notes one call; `answer` is the call's own promise (the check awaits it, so it settles first). */
  saw(op: DomOp, answer: Promise<unknown>): void {
    const ref = 'h' in op ? op.h : 'scope' in op ? op.scope : undefined;
    const from = typeof ref === 'string' ? (this.placed.has(ref) ? 'placed' : 'elsewhere') : ref === undefined ? 'document' : 'elsewhere';
    switch (op.op) {
      case 'query':
      case 'queryAll':
      case 'waitFor':
        // Only a selector the page agent accepted: the watch checks it again.
        if (from === 'document') answer.then(() => this.sels.add(op.sel), () => undefined);
        else if (from === 'elsewhere') this.unplaced = true;
        this.place(answer);
        return;
      case 'children':
        if (from === 'placed') this.place(answer);
        else this.unplaced = true;
        return;
      case 'url':
      case 'title':
        return;
      default:
        // Reads and writes on a handle are inside the watched elements when the handle is; parent and
        // closest answer ancestors, which are not.
        if (from !== 'placed') this.unplaced = true;
    }
  }

  private place(answer: Promise<unknown>): void {
    answer.then(
      (v) => {
        if (this.placed.size > PLACED_MAX) this.placed.clear();
        for (const id of handleIdsOf(v)) this.placed.add(id);
      },
      () => undefined,
    );
  }

  scope(): KeepScope {
    return this.unplaced || this.sels.size === 0 ? 'page' : [...this.sels].sort();
  }
}

/** What one watch for all of a remixlet's keeps looks at: the union, or the whole page past the limit. */
export function unionScope(scopes: Iterable<KeepScope>): KeepScope {
  const all = new Set<string>();
  for (const s of scopes) {
    if (s === 'page') return 'page';
    for (const sel of s) all.add(sel);
  }
  if (all.size === 0 || all.size > LIMITS.watchSelectors) return 'page';
  return [...all].sort();
}

export const sameScope = (a: KeepScope | undefined, b: KeepScope): boolean =>
  a !== undefined && (a === 'page' || b === 'page' ? a === b : a.length === b.length && a.every((s, i) => s === b[i]));
