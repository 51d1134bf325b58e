// A batch is many operations in one round trip, each parsed and checked on its own with one result each;
// bad input gets typed refusals, a flood is rate limited per remixlet, and the page keeps its thread.
import { describe, expect, test } from 'vitest';
import { SCOPE, unitBrowser } from './harness';
import { SHOP } from './fixture';
import type { DomOp, Handle, OpResult } from '../../../../contracts/dom/ops';

const { p, open } = unitBrowser();

describe('one result per operation', () => {
  test('a refused op answers alone and the rest of the batch runs; refs point at earlier results', async () => {
    await open(SHOP);
    const results = await p.run([
      { op: 'query', sel: '#para' },
      { op: 'setText', h: { ref: 0 }, text: 'changed' },
      { op: 'create', tag: 'script' },
      { op: 'setAttr', h: { ref: 2 }, name: 'x', value: 'y' },
      { op: 'query', sel: 'input[value^=h]' },
      { op: 'setStyle', h: { ref: 0 }, props: { background: 'url(https://attacker.example/)' } },
      { op: 'text', h: { ref: 0 } },
      { op: 'text', h: { ref: 99 } },
      { op: 'nope' } as unknown as DomOp,
      { op: 'query', sel: 42 } as unknown as DomOp,
      { op: 'title' },
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.refusal.code))).toEqual([
      'ok',
      'ok',
      'ELEMENT_REFUSED',
      'HANDLE_UNKNOWN',
      'SELECTOR_TESTS_PASSWORD',
      'STYLE_REFUSED',
      'ok',
      'HANDLE_UNKNOWN',
      'MALFORMED_MESSAGE',
      'MALFORMED_MESSAGE',
      'ok',
    ]);
    expect(results[6]).toEqual({ ok: true, value: 'changed' });
    for (const r of results) if (!r.ok) expect(r.refusal.op).toMatch(/^dom\./);
    for (const r of results) if (!r.ok) expect(r.refusal.reason.length).toBeGreaterThan(20);
  });

  test('the same checks hold per op inside a batch as alone', async () => {
    await open(SHOP);
    const single = async (op: DomOp) => (await p.run([op]))[0]!;
    const ops: DomOp[] = [
      { op: 'query', sel: '#password' },
      { op: 'create', tag: 'img', attrs: { src: 'https://attacker.example/x' } },
      { op: 'addStyle', css: '@import "https://attacker.example/a.css";' },
      { op: 'query', sel: '[value' },
    ];
    const batched = await p.run(ops);
    const alone: OpResult[] = [];
    for (const op of ops) alone.push(await single(op));
    expect(batched.map((r) => (r.ok ? 'ok' : r.refusal.code))).toEqual(alone.map((r) => (r.ok ? 'ok' : r.refusal.code)));
  });
});

describe('bad input', () => {
  test('cyclic and forged handles, unparsable selectors, huge strings: each a typed refusal', async () => {
    await open(SHOP);
    const div = (await p.ok<Handle>({ op: 'create', tag: 'div' })).h;
    const results = await p.run([
      { op: 'insert', h: div, where: 'append', node: div },
      { op: 'text', h: 'h0000' },
      { op: 'text', h: { ref: 5 } },
      { op: 'query', sel: ')))' },
      { op: 'query', sel: 'a'.repeat(1001) },
      { op: 'setText', h: div, text: 'x'.repeat(100_001) },
      { op: 'setHTML', h: div, html: '<b>'.repeat(50_000) },
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.refusal.code))).toEqual(['HIERARCHY_REFUSED', 'HANDLE_UNKNOWN', 'HANDLE_UNKNOWN', 'SELECTOR_INVALID', 'MALFORMED_MESSAGE', 'MALFORMED_MESSAGE', 'ok']);
  });

  test('ten thousand calls in a second: past the budget each is RATE_LIMITED, another remixlet is unaffected, the page keeps its timers', async () => {
    await open(SHOP);
    const stats = await p.page.evaluate(async (scope) => {
      const pa = (window as unknown as { __pa: { exec: (s: unknown, o: unknown[]) => Promise<Array<{ ok: boolean; refusal?: { code: string } }>> } }).__pa;
      const ticks: number[] = [];
      let running = true;
      const tick = () => {
        ticks.push(performance.now());
        if (running) setTimeout(tick, 0);
      };
      tick();
      const flood = Array.from({ length: 2_000 }, (_, i) => (i % 2 ? { op: 'title' } : { op: 'query', sel: `li.item:nth-child(${(i % 200) + 1})` }));
      const t0 = performance.now();
      const rounds = await Promise.all(Array.from({ length: 5 }, () => pa.exec(scope, flood)));
      const elapsed = performance.now() - t0;
      const other = await pa.exec({ ...scope, id: 'otherremix1' }, [{ op: 'title' }, { op: 'query', sel: '#para' }]);
      running = false;
      const codes = rounds.flat().map((r) => (r.ok ? 'ok' : r.refusal!.code));
      return {
        elapsed,
        ok: codes.filter((c) => c === 'ok').length,
        limited: codes.filter((c) => c === 'RATE_LIMITED').length,
        otherCodes: codes.filter((c) => c !== 'ok' && c !== 'RATE_LIMITED'),
        otherOk: other.every((r) => r.ok),
        ticksDuring: ticks.filter((t) => t > t0 && t < t0 + elapsed).length,
      };
    }, SCOPE);
    expect(stats.otherCodes).toEqual([]);
    expect(stats.ok + stats.limited).toBe(10_000);
    // The budget: a burst of 4000, then 4000 a second.
    expect(stats.ok).toBeGreaterThanOrEqual(4_000);
    // What the refill can have admitted while the flood was answered: it grows with the time the machine took,
    // so a slow or busy machine loosens this bound rather than failing it.
    const admittedAtMost = 4_000 + Math.ceil((4_000 * stats.elapsed) / 1000) + 10;
    expect(stats.ok).toBeLessThanOrEqual(admittedAtMost);
    expect(stats.limited).toBeGreaterThanOrEqual(10_000 - admittedAtMost);
    expect(stats.otherOk).toBe(true);
    // Without slicing the page's timer would wait for the whole flood (all five batches run in one task); with
    // it, the timer runs between slices.
    expect(stats.ticksDuring).toBeGreaterThanOrEqual(1);
  });

  test('a heavy batch gives the page its thread back between slices', async () => {
    await open(`${SHOP}<div id="huge">${'<section><p>x</p></section>'.repeat(3_000)}</div>`);
    const stats = await p.page.evaluate(async (scope) => {
      const pa = (window as unknown as { __pa: { exec: (s: unknown, o: unknown[]) => Promise<Array<{ ok: boolean }>> } }).__pa;
      const ticks: number[] = [];
      let running = true;
      const tick = () => {
        ticks.push(performance.now());
        if (running) setTimeout(tick, 0);
      };
      tick();
      const started = ticks.length;
      const results = await pa.exec(scope, Array.from({ length: 400 }, () => ({ op: 'html', h: { ref: 0 } })).map((op, i) => (i === 0 ? { op: 'query', sel: '#huge' } : op)));
      const during = ticks.length - started;
      running = false;
      return { allOk: results.every((r) => r.ok), results: results.length, during };
    }, SCOPE);
    expect(stats.allOk).toBe(true);
    expect(stats.results).toBe(400);
    // The batch is one call the page awaits: without slicing, the page's timer could not run at all until it
    // ended. How long the page waits between its turns is bench/page-cost.bench.ts's question.
    expect(stats.during).toBeGreaterThanOrEqual(1);
  });
});
