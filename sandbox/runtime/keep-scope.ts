// Context: remixlet runtime (dedicated worker). What part of the page a keep's check looks at, learned from
// the dom calls it makes while it runs: the selectors of its document-wide queries (the elements they match,
// and handles found inside those), and the elements of any other handle it uses (one kept from before the
// check, an ancestor, one it created), watched as those elements. A check that looked at nothing (no query,
// no handle) watches the whole page. Trusts nothing: it only narrows what wakes a check; the page agent
// still checks every selector, and finds each handle in this remixlet's own table.
import { LIMITS, type DomOp } from '../../contracts/dom/ops';
import { handleIdOf } from './handle-id';

/** The selectors and the handles' elements a check looked at, or 'page' when it cannot be placed. */
export type KeepScope = { readonly sels: readonly string[]; readonly hs: readonly string[] } | 'page';

const handleIdsOf = (v: unknown): string[] => (Array.isArray(v) ? v : [v]).flatMap((x) => handleIdOf(x) ?? []);

/**
 * A call chained on a find (`dom.query(s).text()`) touches an element that find matched, inside what the
 * find itself is watched for (its selector, or the handle it searched in); any other { ref } is unplaced.
 */
function foundWithin(via: DomOp | undefined): boolean {
  if (!via) return false;
  if (via.op === 'query' || via.op === 'queryAll' || via.op === 'waitFor') return via.scope === undefined || typeof via.scope === 'string';
  return via.op === 'children' && typeof via.h === 'string';
}

/** Past this many, the handles any check placed are forgotten (a later call on one widens to the page). */
const PLACED_MAX = 10_000;

/** One run of a check: every dom call it made, with its answer. */
export class CheckTrace {
  private readonly sels = new Set<string>();
  /** Handles used that no query of this check found inside what it queried: watched as their elements. */
  private readonly hs = new Set<string>();
  private unplaced = false;

  /**
   * `placed`: handles of elements inside what any of this remixlet's checks queried, shared by their traces,
   * since a call made after an await while several checks run is shown to each of them.
   */
  constructor(private readonly placed: Set<string>) {}

  /**
   * Notes one call; `answer` is the call's own promise (the check awaits it, so it settles first), `via`
   * the call of the same batch whose element it names by { ref } (a chained call).
   */
  saw(op: DomOp, answer: Promise<unknown>, via?: DomOp): void {
    const ref = 'h' in op ? op.h : 'scope' in op ? op.scope : undefined;
    const from =
      typeof ref === 'string' ? (this.placed.has(ref) ? 'placed' : 'elsewhere') : ref === undefined ? 'document' : foundWithin(via) ? 'placed' : 'elsewhere';
    // A handle from elsewhere: its element is watched (changes in it, to it, or to its ancestors' attributes).
    if (from === 'elsewhere') {
      if (typeof ref === 'string') this.hs.add(ref);
      else this.unplaced = true;
    }
    switch (op.op) {
      case 'query':
      case 'queryAll':
      case 'waitFor':
        // Only a selector the page agent accepted: the watch checks it again.
        if (from === 'document') answer.then(() => this.sels.add(op.sel), () => undefined);
        this.place(answer);
        return;
      case 'children':
        this.place(answer);
        return;
      case 'url':
      case 'title':
        return;
      default:
        // Reads and writes on a handle are inside what is watched; parent and closest answer ancestors,
        // which are watched as elements once the check uses them.
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
    return this.unplaced || this.sels.size + this.hs.size === 0 ? 'page' : { sels: [...this.sels].sort(), hs: [...this.hs].sort() };
  }
}

/** What one watch for all of a remixlet's keeps looks at: the union, or the whole page past the limits. */
export function unionScope(scopes: Iterable<KeepScope>): KeepScope {
  const sels = new Set<string>();
  const hs = new Set<string>();
  for (const s of scopes) {
    if (s === 'page') return 'page';
    for (const sel of s.sels) sels.add(sel);
    for (const h of s.hs) hs.add(h);
  }
  if (sels.size + hs.size === 0 || sels.size > LIMITS.watchSelectors || hs.size > LIMITS.watchHandles) return 'page';
  return { sels: [...sels].sort(), hs: [...hs].sort() };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((s, i) => s === b[i]);
export const sameScope = (a: KeepScope | undefined, b: KeepScope): boolean =>
  a !== undefined && (a === 'page' || b === 'page' ? a === b : sameList(a.sels, b.sels) && sameList(a.hs, b.hs));

/** One text per scope, to remember scopes the page agent refused. */
export const scopeKey = (s: KeepScope): string => (s === 'page' ? '' : `${s.sels.join('\n')}\n\n${s.hs.join('\n')}`);
