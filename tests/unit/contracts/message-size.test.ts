// The byte count a budget uses: close to the wire size for ordinary values, and bounded for hostile ones.
import { describe, expect, it } from 'vitest';
import { sizeWithin } from '../../../contracts/message-size';

describe('sizeWithin', () => {
  it('counts strings by their code units and everything else by its parts', () => {
    expect(sizeWithin('abcd', 1e9)).toBe(8 + 8);
    expect(sizeWithin({ ab: 'cd' }, 1e9)).toBe(8 + 4 + 8 + 4);
    expect(sizeWithin([1, true, null], 1e9)).toBe(8 + 3 * (8 + 8));
    expect(sizeWithin(new Uint8Array(1000), 1e9)).toBe(8 + 1000);
    expect(sizeWithin(new Map([['k', 'v']]), 1e9)).toBeGreaterThan(8 + 2 + 2);
    expect(sizeWithin(new Set(['abc']), 1e9)).toBeGreaterThan(6);
  });

  it('stops past the limit, whatever the value', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(sizeWithin(cycle, 10_000)).toBeGreaterThan(10_000);
    const wide = Array.from({ length: 100_000 }, () => 0);
    expect(sizeWithin(wide, 1_000)).toBeGreaterThan(1_000);
    expect(sizeWithin('x'.repeat(10_000), 1_000)).toBeGreaterThan(1_000);
  });
});
