// Context: shared (pure, no browser API). Counts uses in one-second windows: the remixlet runtime paces
// itself with it, and the offscreen host enforces the same budgets on every sandbox.

export class RateWindow {
  private start = -Infinity;
  private used = 0;

  constructor(
    readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes n uses from this second's budget; false (and nothing taken) when they do not fit. */
  take(n = 1): boolean {
    this.roll();
    if (this.used + n > this.limit) return false;
    this.used += n;
    return true;
  }

  /** Counts n uses whether or not they fit; true while the total stays within the limit. */
  count(n = 1): boolean {
    this.roll();
    this.used += n;
    return this.used <= this.limit;
  }

  /** Milliseconds until the budget refills. */
  msUntilNext(): number {
    return Math.max(1, this.start + 1000 - this.now());
  }

  /** Identifies the current window, to do something at most once per window. */
  mark(): number {
    this.roll();
    return this.start;
  }

  private roll(): void {
    const t = this.now();
    if (t - this.start >= 1000) {
      this.start = t;
      this.used = 0;
    }
  }
}
