// A batch is many operations in one round trip, each parsed and checked on its own with one result each;
// bad input gets typed refusals, a flood is rate limited per remixlet, and the page keeps its thread.
import { describe, expect, test } from 'vitest';
import { SCOPE, unitBrowser } from './harness';
import { SHOP } from './fixture';
import type { DomOp, Handle, OpResult } from '../../../contracts/dom/ops';

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
  test('a malformed op (an unknown op, a selector that is not a string) never reaches the checks: its whole batch is refused where it arrives, and nothing of it runs', async () => {
    await open(SHOP);
    for (const malformed of [{ op: 'nope' }, { op: 'query', sel: 42 }, { op: 'setText', h: 'not a handle', text: 'x' }] as unknown as DomOp[]) {
      const why = await p.refusedWhole([{ op: 'query', sel: '#para' }, { op: 'setText', h: { ref: 0 }, text: 'changed' }, malformed]);
      expect(why, JSON.stringify(malformed)).toMatch(/ops\.2/);
      expect(await p.page.evaluate(() => document.querySelector('#para')!.textContent)).not.toBe('changed');
    }
    expect(await p.refusedWhole([{ op: 'query', sel: '#para' }])).toBeUndefined();
  });

  test('a call the offscreen host found malformed keeps its places: it runs nothing, answers its reason, and a later { ref } to it finds no element', async () => {
    await open(SHOP);
    const results = await p.run([
      { op: 'malformed', name: 'dom.setText', reason: 'Malformed text: Too big.', count: 3 },
      { op: 'query', sel: '#para' },
      { op: 'setText', h: { ref: 3 }, text: 'changed' },
      { op: 'text', h: { ref: 1 } },
    ] as unknown as DomOp[]);
    expect(results.map((r) => (r.ok ? 'ok' : r.refusal.code))).toEqual(['MALFORMED_MESSAGE', 'ok', 'ok', 'HANDLE_UNKNOWN']);
    expect(results[0]).toEqual({ ok: false, refusal: { code: 'MALFORMED_MESSAGE', reason: 'Malformed text: Too big.', op: 'dom.setText' } });
    // Places 0–2 are the malformed call's three, so the query is place 3.
    expect(await p.page.evaluate(() => document.querySelector('#para')!.textContent)).toBe('changed');
  });

  test('cyclic and forged handles, unparsable selectors, huge strings: each a typed refusal', async () => {
    await open(SHOP);
    const div = (await p.ok<Handle>({ op: 'create', tag: 'div' })).h;
    const results = await p.run([
      { op: 'insert', h: div, where: 'append', node: div },
      { op: 'text', h: 'h0000' },
      { op: 'text', h: { ref: 5 } },
      { op: 'query', sel: ')))' },
      { op: 'setHTML', h: div, html: '<b>'.repeat(50_000) },
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.refusal.code))).toEqual(['HIERARCHY_REFUSED', 'HANDLE_UNKNOWN', 'HANDLE_UNKNOWN', 'SELECTOR_INVALID', 'ok']);
    // Past a limit, a string is malformed: the boundary refuses its batch before any op runs.
    expect(await p.refused({ op: 'query', sel: 'a'.repeat(1001) })).toMatchObject({ code: 'MALFORMED_MESSAGE' });
    expect(await p.refused({ op: 'setText', h: div, text: 'x'.repeat(100_001) })).toMatchObject({ code: 'MALFORMED_MESSAGE' });
  });

  test('ten thousand calls at one instant: past the budget each is RATE_LIMITED, and another remixlet is unaffected', async () => {
    await open(SHOP);
    const stats = await p.page.evaluate(async (scope) => {
      const pa = (window as unknown as { __pa: { exec: (s: unknown, o: unknown[]) => Promise<Array<{ ok: boolean; refusal?: { code: string } }>> } }).__pa;
      // The page agent's clock stands still for the flood, so what its budget admits does not depend on how
      // fast this machine answers (the refill's arithmetic is tests/unit/page-agent/rate-limit.test.ts's;
      // the page's turns between slices are the next test's).
      const realNow = performance.now;
      const instant = realNow.call(performance);
      performance.now = () => instant;
      try {
        const flood = Array.from({ length: 2_000 }, (_, i) => (i % 2 ? { op: 'title' } : { op: 'query', sel: `li.item:nth-child(${(i % 200) + 1})` }));
        const rounds = await Promise.all(Array.from({ length: 5 }, () => pa.exec(scope, flood)));
        const other = await pa.exec({ ...scope, id: 'otherremix1' }, [{ op: 'title' }, { op: 'query', sel: '#para' }]);
        const codes = rounds.flat().map((r) => (r.ok ? 'ok' : r.refusal!.code));
        return {
          ok: codes.filter((c) => c === 'ok').length,
          limited: codes.filter((c) => c === 'RATE_LIMITED').length,
          otherCodes: codes.filter((c) => c !== 'ok' && c !== 'RATE_LIMITED'),
          otherOk: other.every((r) => r.ok),
        };
      } finally {
        performance.now = realNow;
      }
    }, SCOPE);
    expect(stats.otherCodes).toEqual([]);
    // The budget's burst, and not one more.
    expect(stats.ok).toBe(4_000);
    expect(stats.limited).toBe(6_000);
    expect(stats.otherOk).toBe(true);
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
