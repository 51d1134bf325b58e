// Runs (contracts/dom/runs.ts): the wire encoding of consecutive same-op, same-argument ops. Encoding then
// expanding gives back one result per call in order; runs are parsed like lone ops and counted by their
// elements against the batch limit.
import { describe, expect, test } from 'vitest';
import { LIMITS, type DomOp, type OpResult } from '../../../../contracts/dom/ops';
import { MIN_RUN, RunOp, WireBatch, answerRun, batchCount, encodeRuns, expandResults, isPlainRunAnswer, plainRunAnswer, runOps, type WireOp } from '../../../../contracts/dom/runs';

const hides = (n: number, from = 0): DomOp[] => Array.from({ length: n }, (_, i) => ({ op: 'hide', h: `h${(i + from).toString(36)}` }));

describe('encodeRuns', () => {
  test('a long run of one op over many elements becomes one run; short ones stay as they are', () => {
    const ops: DomOp[] = [{ op: 'query', sel: '.row' }, ...hides(1000), { op: 'addClass', h: 'ha', name: 'x' }, ...hides(MIN_RUN - 1, 2000)];
    const wire = encodeRuns(ops);
    expect(wire).toHaveLength(2 + 1 + (MIN_RUN - 1));
    // Every element is a handle id: they travel packed, one string checked with one pattern at each boundary.
    expect(wire[1]).toEqual({ op: 'run', of: { op: 'hide' }, ids: hides(1000).map((o) => (o as { h: string }).h).join(' ') });
    expect(batchCount(wire)).toBe(ops.length);
    expect(runOps(wire[1] as Extract<WireOp, { op: 'run' }>)).toEqual(hides(1000));
    expect(WireBatch.safeParse(wire).success).toBe(true);
  });

  test('only ops whose arguments are all the same join a run; refs are kept as elements', () => {
    const ops: DomOp[] = [
      ...Array.from({ length: 5 }, (_, i): DomOp => ({ op: 'addClass', h: { ref: i }, name: 'a' })),
      ...Array.from({ length: 5 }, (_, i): DomOp => ({ op: 'addClass', h: `h${i}`, name: i % 2 ? 'b' : 'c' })),
      ...Array.from({ length: 4 }, (_, i): DomOp => ({ op: 'setStyle', h: `h${i}`, props: { color: 'red' } })),
      ...Array.from({ length: 4 }, (): DomOp => ({ op: 'insert', h: 'h1', where: 'append', node: 'h2' })),
    ];
    const wire = encodeRuns(ops);
    expect(wire[0]).toEqual({ op: 'run', of: { op: 'addClass', name: 'a' }, hs: [0, 1, 2, 3, 4].map((ref) => ({ ref })) });
    expect(wire.slice(1, 6)).toEqual(ops.slice(5, 10));
    expect(wire[6]).toEqual({ op: 'run', of: { op: 'setStyle', props: { color: 'red' } }, ids: 'h0 h1 h2 h3' });
    // insert names a second handle: never a run.
    expect(wire.slice(7)).toEqual(ops.slice(14));
  });
});

describe('parsing', () => {
  test("a run's op is checked as a lone op's arguments are", () => {
    expect(RunOp.safeParse({ op: 'run', of: { op: 'hide' }, hs: ['h1'] }).success).toBe(true);
    expect(RunOp.safeParse({ op: 'run', of: { op: 'hide', h: 'h1' }, hs: ['h1'] }).success).toBe(false);
    expect(RunOp.safeParse({ op: 'run', of: { op: 'hide', extra: 1 }, hs: ['h1'] }).success).toBe(false);
    expect(RunOp.safeParse({ op: 'run', of: { op: 'addClass', name: 'has space' }, hs: ['h1'] }).success).toBe(false);
    expect(RunOp.safeParse({ op: 'run', of: { op: 'insert', where: 'append', node: 'h2' }, hs: ['h1'] }).success).toBe(false);
    expect(RunOp.safeParse({ op: 'run', of: { op: 'query', sel: 'a' }, hs: ['h1'] }).success).toBe(false);
    expect(RunOp.safeParse({ op: 'run', of: { op: 'hide' }, hs: [] }).success).toBe(false);
    expect(RunOp.safeParse({ op: 'run', of: { op: 'hide' }, hs: ['not a handle'] }).success).toBe(false);
  });

  test('packed ids are exactly the handle ids HandleId accepts, one space apart', () => {
    const packed = (ids: unknown, of: unknown = { op: 'hide' }) => RunOp.safeParse({ op: 'run', of, ids }).success;
    expect(packed('h1')).toBe(true);
    expect(packed('h1 h2 hzz9')).toBe(true);
    expect(packed(`h${'a'.repeat(24)} h1`)).toBe(true);
    for (const bad of ['', ' ', 'h1 ', ' h1', 'h1  h2', 'h1,h2', 'h1\nh2', 'h1\th2', 'H1', 'h', 'h1 x2', `h${'a'.repeat(25)}`, 'h1 h-2', 'h1 h2\n']) {
      expect(packed(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(packed(['h1'])).toBe(false);
    expect(packed('h1', { op: 'query', sel: 'a' })).toBe(false);
    // Both forms at once, or neither, is not a run.
    expect(RunOp.safeParse({ op: 'run', of: { op: 'hide' }, ids: 'h1', hs: ['h1'] }).success).toBe(false);
    expect(RunOp.safeParse({ op: 'run', of: { op: 'hide' } }).success).toBe(false);
  });

  test('a packed run holds at most LIMITS.batchOps ids; an oversized string is refused by its length', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `h${i.toString(36)}`).join(' ');
    expect(RunOp.safeParse({ op: 'run', of: { op: 'hide' }, ids: ids(LIMITS.batchOps) }).success).toBe(true);
    expect(RunOp.safeParse({ op: 'run', of: { op: 'hide' }, ids: ids(LIMITS.batchOps + 1) }).success).toBe(false);
    expect(batchCount([{ op: 'run', of: { op: 'hide' }, ids: ids(7) }, { op: 'url' }])).toBe(8);
    const huge = `h1${' h1'.repeat(200_000)}`;
    expect(batchCount([{ op: 'run', of: { op: 'hide' }, ids: huge }])).toBeGreaterThan(LIMITS.batchOps);
    const parsed = RunOp.safeParse({ op: 'run', of: { op: 'hide' }, ids: huge });
    expect(parsed.success).toBe(false);
    // The packed form's only complaint is the length: the pattern and the count did not run over it.
    const [packedForm] = (parsed.error?.issues[0] as { errors?: Array<Array<{ code: string; path: unknown[] }>> }).errors ?? [];
    expect(packedForm?.map((i) => [i.code, ...i.path])).toEqual([['too_big', 'ids']]);
  });

  test('a batch holds at most LIMITS.batchOps operations, runs counted by their elements', () => {
    const run = (n: number) => ({ op: 'run', of: { op: 'hide' }, hs: Array.from({ length: n }, (_, i) => `h${i}`) });
    expect(WireBatch.safeParse([run(LIMITS.batchOps)]).success).toBe(true);
    expect(WireBatch.safeParse([run(LIMITS.batchOps), { op: 'url' }]).success).toBe(false);
    expect(WireBatch.safeParse([run(1000), run(1000), run(1)]).success).toBe(false);
    const packed = (n: number) => ({ op: 'run', of: { op: 'hide' }, ids: Array.from({ length: n }, (_, i) => `h${i}`).join(' ') });
    expect(WireBatch.safeParse([packed(1000), run(1000)]).success).toBe(true);
    expect(WireBatch.safeParse([packed(1000), packed(1000), { op: 'url' }]).success).toBe(false);
    expect(batchCount([run(3), { op: 'url' }, 'junk'])).toBe(5);
  });
});

describe('answers', () => {
  const ok = (value: unknown = null): OpResult => ({ ok: true, value });
  const refused: OpResult = { ok: false, refusal: { code: 'HANDLE_GONE', reason: 'gone', op: 'dom.hide' } };

  test('a plain run answer is known as one without expanding it, and only for its own length', () => {
    expect(isPlainRunAnswer(plainRunAnswer(1000), 1000)).toBe(true);
    expect(isPlainRunAnswer(plainRunAnswer(999), 1000)).toBe(false);
    expect(isPlainRunAnswer({ ok: true, value: { run: 3, each: { ok: true, value: null, notes: ['left out'] } } }, 3)).toBe(false);
    expect(isPlainRunAnswer({ ok: true, value: { run: 3, each: refused } }, 3)).toBe(false);
    expect(isPlainRunAnswer({ ok: true, value: { run: 3, results: [ok(), ok(), ok()] } }, 3)).toBe(false);
    expect(isPlainRunAnswer(refused, 3)).toBe(false);
    expect(isPlainRunAnswer(undefined, 3)).toBe(false);
  });

  test('a run answered the same by every element travels as one result and expands to one per call', () => {
    const ops: DomOp[] = [{ op: 'url' }, ...hides(6)];
    const wire = encodeRuns(ops);
    const answer = answerRun(Array.from({ length: 6 }, () => ok()));
    expect(answer).toEqual({ ok: true, value: { run: 6, each: ok() } });
    expect(expandResults(wire, [ok('https://a.test/'), answer])).toEqual([ok('https://a.test/'), ...Array.from({ length: 6 }, () => ok())]);
  });

  test('mixed answers keep each result in its place', () => {
    const wire = encodeRuns(hides(4));
    const each = [ok(), refused, ok(), { ok: true, value: null, notes: ['n'] } as OpResult];
    expect(answerRun(each)).toEqual({ ok: true, value: { run: 4, results: each } });
    expect(expandResults(wire, [answerRun(each)])).toEqual(each);
  });

  test('a run refused whole answers each call with the refusal; an answer that does not fit is malformed for each', () => {
    const wire = encodeRuns(hides(4));
    expect(expandResults(wire, [refused])).toEqual(Array.from({ length: 4 }, () => refused));
    for (const bad of [ok({ run: 3, each: ok() }), ok({ run: 4, results: [ok()] }), ok('x'), undefined]) {
      const out = expandResults(wire, [bad]) as OpResult[];
      expect(out).toHaveLength(4);
      for (const r of out) expect(r.ok ? 'ok' : r.refusal.code).toBe('MALFORMED_MESSAGE');
    }
  });
});
