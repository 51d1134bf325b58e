// Context: shared (pure, no browser API). How big a structured-clone value is, for budgets that count bytes
// (offscreen/port-guard.ts counts what each sandbox sends). Trusts nothing: the value may be hostile
// (cycles, millions of tiny parts), so the walk stops as soon as the count passes the limit.
// Written here because the size libraries (object-sizeof and the like) walk the whole value with no bound.

/** Fixed cost of one number, boolean, null or container: what its slot costs on the wire, roughly. */
const SLOT = 8;

/**
 * Roughly how many bytes `value` takes on the wire (strings by UTF-16 code units ×2, binary by its length,
 * each other part 8), or a number over `limit` as soon as the walk passes it: a cycle or a huge value costs
 * at most `limit / 8` steps.
 */
export function sizeWithin(value: unknown, limit: number): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    total += SLOT;
    if (typeof v === 'string') total += v.length * 2;
    else if (typeof v === 'object' && v !== null) {
      if (ArrayBuffer.isView(v)) total += v.byteLength;
      else if (v instanceof ArrayBuffer) total += v.byteLength;
      else if (typeof Blob !== 'undefined' && v instanceof Blob) total += v.size;
      else if (v instanceof Map || v instanceof Set) {
        for (const entry of v as Iterable<unknown>) {
          stack.push(entry);
          if ((total += SLOT) > limit) return total;
        }
      } else if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
          stack.push(v[i]);
          if ((total += SLOT) > limit) return total;
        }
      } else {
        for (const key of Object.keys(v)) {
          total += key.length * 2;
          stack.push((v as Record<string, unknown>)[key]);
          if (total > limit) return total;
        }
      }
    }
    if (total > limit) return total;
  }
  return total;
}
