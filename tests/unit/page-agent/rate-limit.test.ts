// The page agent's operation budget, on a clock the test moves: a burst, then a steady refill, never more.
import { describe, expect, it } from 'vitest';
import { Bucket, OP_BUDGET } from '../../../page-agent/rate-limit';

function bucketAt(start = 1_000) {
  let now = start;
  const bucket = new Bucket(() => now);
  const takeMany = (n: number) => Array.from({ length: n }, () => bucket.take()).filter(Boolean).length;
  return { bucket, takeMany, advance: (ms: number) => (now += ms) };
}

describe('page agent operation budget', () => {
  it('admits the burst at once and refuses the rest of a flood at the same instant', () => {
    const { takeMany } = bucketAt();
    expect(takeMany(10_000)).toBe(OP_BUDGET.burst);
    expect(takeMany(1)).toBe(0);
  });

  it('refills at its rate per second, and no faster', () => {
    const { takeMany, advance } = bucketAt();
    takeMany(OP_BUDGET.burst);
    advance(250);
    expect(takeMany(10_000)).toBe(OP_BUDGET.perSecond / 4);
    advance(1_000);
    expect(takeMany(10_000)).toBe(OP_BUDGET.perSecond);
  });

  it('never holds more than the burst, however long it rested', () => {
    const { takeMany, advance } = bucketAt();
    advance(3_600_000);
    expect(takeMany(100_000)).toBe(OP_BUDGET.burst);
  });

  it('a flood spread over two seconds gets the burst plus what 199 steps of 10 ms refill', () => {
    const { takeMany, advance } = bucketAt();
    let admitted = 0;
    for (let ms = 0; ms < 2_000; ms += 10) {
      admitted += takeMany(100);
      advance(10);
    }
    expect(admitted).toBe(OP_BUDGET.burst + (199 * 10 * OP_BUDGET.perSecond) / 1_000);
  });

  it("a run's take grants what the bucket holds, no more, and the same total as taking one by one", () => {
    const { bucket, takeMany, advance } = bucketAt();
    expect(bucket.take(OP_BUDGET.burst - 10)).toBe(OP_BUDGET.burst - 10);
    expect(bucket.take(25)).toBe(10);
    expect(bucket.take(5)).toBe(0);
    advance(2.5);
    expect(bucket.take(25)).toBe((2.5 * OP_BUDGET.perSecond) / 1_000);
    advance(2.5);
    expect(takeMany(25)).toBe((2.5 * OP_BUDGET.perSecond) / 1_000);
  });
});
