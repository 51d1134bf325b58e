import { describe, expect, it, vi } from 'vitest';
import { z } from '../../../contracts/zod-mini';
import { lazyVariant } from '../../../contracts/zod-lazy-variant';
import { DOM_OP_NAMES, DomOp, domOpSchema } from '../../../contracts/dom/ops';

const shapes = {
  a: () => z.strictObject({ kind: z.literal('a'), n: z.int().check(z.minimum(0)) }),
  b: () => z.strictObject({ kind: z.literal('b'), s: z.string().check(z.maxLength(3)) }),
  c: () => z.strictObject({ kind: z.literal('c'), flag: z.optional(z.boolean()) }),
};

function lazyUnion() {
  const built = { a: vi.fn(shapes.a), b: vi.fn(shapes.b), c: vi.fn(shapes.c) };
  const union = z.discriminatedUnion('kind', [lazyVariant('kind', 'a', built.a), lazyVariant('kind', 'b', built.b), lazyVariant('kind', 'c', built.c)]);
  return { union, built };
}
const eagerUnion = () => z.discriminatedUnion('kind', [shapes.a(), shapes.b(), shapes.c()]);

const inputs: unknown[] = [
  { kind: 'a', n: 3 },
  { kind: 'a', n: -1 },
  { kind: 'a', n: 1, extra: true },
  { kind: 'b', s: 'abc' },
  { kind: 'b', s: 'abcd' },
  { kind: 'c' },
  { kind: 'c', flag: 'yes' },
  { kind: 'd' },
  { n: 1 },
  'a',
  null,
  [],
];

describe('a discriminated union of options built on first use', () => {
  it('builds an option only when a value of its kind is parsed, and once', () => {
    const { union, built } = lazyUnion();
    expect(built.a).not.toHaveBeenCalled();
    expect(union.safeParse({ kind: 'b', s: 'x' }).success).toBe(true);
    expect(union.safeParse({ kind: 'b', s: 'y' }).success).toBe(true);
    expect(built.b).toHaveBeenCalledTimes(1);
    expect(built.a).not.toHaveBeenCalled();
    expect(built.c).not.toHaveBeenCalled();
    // A kind it does not have, or no object at all, builds nothing.
    union.safeParse({ kind: 'zzz' });
    union.safeParse(42);
    expect(built.a).not.toHaveBeenCalled();
    expect(built.c).not.toHaveBeenCalled();
  });

  it('accepts, refuses and words its refusals exactly as the same union built at once', () => {
    const { union } = lazyUnion();
    const eager = eagerUnion();
    for (const input of inputs) {
      const lazy = union.safeParse(input);
      const now = eager.safeParse(input);
      expect(lazy.success, JSON.stringify(input)).toBe(now.success);
      if (lazy.success && now.success) expect(lazy.data).toEqual(now.data);
      else expect(JSON.parse(JSON.stringify(lazy.error!.issues))).toEqual(JSON.parse(JSON.stringify(now.error!.issues)));
    }
  });

  it('stays usable inside an object, an array and a plain union without building its options', () => {
    const { union, built } = lazyUnion();
    const outer = z.strictObject({ items: z.array(union), maybe: z.optional(z.union([union, z.literal('none')])) });
    expect(outer.safeParse({ items: [], maybe: 'none' }).success).toBe(true);
    expect(built.a).not.toHaveBeenCalled();
    expect(outer.safeParse({ items: [{ kind: 'a', n: 1 }] }).success).toBe(true);
    expect(outer.safeParse({ items: [{ kind: 'a', n: 'one' }] }).success).toBe(false);
    expect(built.a).toHaveBeenCalledTimes(1);
    expect(built.b).not.toHaveBeenCalled();
  });
});

describe('the dom op union', () => {
  it('parses every op as its own schema does', () => {
    for (const name of DOM_OP_NAMES) {
      const bad = { op: name, unexpected: 1 };
      const viaUnion = DomOp.safeParse(bad);
      const own = domOpSchema(name).safeParse(bad);
      expect(viaUnion.success, name).toBe(false);
      expect(JSON.parse(JSON.stringify(viaUnion.error!.issues))).toEqual(JSON.parse(JSON.stringify(own.error!.issues)));
    }
  });
});
