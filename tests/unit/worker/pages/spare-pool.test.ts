// How many spare sandbox frames the worker asks for after a page took its own (worker/pages/spare-pool.ts):
// one more than the page needs, and a pool two pages deep while a tab navigates quickly.
import { describe, expect, it } from 'vitest';
import { navigationNoted, QUICK_NAVIGATION_MS, sparesFor, tabForgotten } from '../../../../worker/pages/spare-pool';
import { SPARE_POOL } from '../../../../contracts/boundaries/offscreen-worker';

describe('sparesFor', () => {
  it('one more than the page needs for a tab that navigates now and then', () => {
    navigationNoted(1, 10_000);
    expect(sparesFor(1, 2)).toBe(3);
    navigationNoted(1, 10_000 + QUICK_NAVIGATION_MS + 1);
    expect(sparesFor(1, 2)).toBe(3);
  });

  it('two pages deep while a tab navigates again within a couple of seconds, and back once it slows', () => {
    navigationNoted(2, 0);
    navigationNoted(2, 300);
    expect(sparesFor(2, 2)).toBe(5);
    expect(sparesFor(3, 2)).toBe(3);
    navigationNoted(2, 300 + QUICK_NAVIGATION_MS + 500);
    expect(sparesFor(2, 2)).toBe(3);
  });

  it('a closed tab is forgotten; the count is bounded', () => {
    navigationNoted(4, 0);
    navigationNoted(4, 100);
    expect(sparesFor(4, 15)).toBe(SPARE_POOL.max);
    expect(sparesFor(4, 50)).toBe(SPARE_POOL.max);
    tabForgotten(4);
    navigationNoted(4, 200);
    expect(sparesFor(4, 1)).toBe(2);
  });

  it("a page's own need is met up to the pool's size; the second page's worth of a quick tab stops at its own bound", () => {
    navigationNoted(5, 0);
    expect(sparesFor(5, 10)).toBe(11);
    navigationNoted(5, 100);
    expect(sparesFor(5, 5)).toBe(SPARE_POOL.quickNavigation);
    expect(sparesFor(5, 10)).toBe(11);
    expect(sparesFor(5, 40)).toBe(SPARE_POOL.max);
  });
});
