// Context: page agent. How many operations a remixlet may run on this page per second. The page agent runs
// on the page's own thread, so a flood of operations would freeze the page; beyond the budget each
// operation answers RATE_LIMITED and costs the page nothing. One bucket per remixlet, so one remixlet's
// flood never spends another's budget.
// Trusts nothing from the sandbox: budgets are kept per remixlet id as the worker named it.

export const OP_BUDGET = { burst: 4_000, perSecond: 4_000 } as const;

/** A token bucket: OP_BUDGET.burst at once, then OP_BUDGET.perSecond. The clock is a parameter for its tests. */
export class Bucket {
  private tokens: number = OP_BUDGET.burst;
  private last: number;

  constructor(private readonly clock: () => number = () => performance.now()) {
    this.last = clock();
  }

  /** Takes up to `n` tokens at once (a run's elements read the clock once, not once each); answers how many. */
  take(n = 1): number {
    const now = this.clock();
    this.tokens = Math.min(OP_BUDGET.burst, this.tokens + ((now - this.last) / 1000) * OP_BUDGET.perSecond);
    this.last = now;
    const granted = Math.min(n, Math.floor(this.tokens));
    if (granted <= 0) return 0;
    this.tokens -= granted;
    return granted;
  }
}

const buckets = new Map<string, Bucket>();

/** How many of `n` operations the remixlet may run now (0 to n). */
export function admitOps(remixletId: string, n = 1): number {
  let b = buckets.get(remixletId);
  if (!b) {
    b = new Bucket();
    buckets.set(remixletId, b);
  }
  return b.take(n);
}

export function forgetBudget(remixletId: string): void {
  buckets.delete(remixletId);
}
