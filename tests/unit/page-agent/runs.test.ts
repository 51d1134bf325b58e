// A run (one op over many elements, contracts/dom/runs.ts) runs each element through the same admission,
// handle lookup and checks as a lone op: the expanded answers equal what the same ops sent alone get, a
// refused element answers alone, and later { ref }s count a run's elements one by one.
import { describe, expect, test } from 'vitest';
import { SCOPE, unitBrowser } from './harness';
import { SHOP } from './fixture';
import type { DomOp, Handle, OpResult } from '../../../contracts/dom/ops';
import { encodeRuns, expandResults, type WireOp } from '../../../contracts/dom/runs';

const { open } = unitBrowser();

describe('runs in the page agent', () => {
  test('a run answers as the same ops sent one by one, element by element', async () => {
    const p = await open(SHOP);
    const [all] = await p.run([{ op: 'queryAll', sel: '.item', limit: 20 }]);
    const handles = (all as { value: Handle[] }).value.map((h) => h.h);
    const title = await p.ok<Handle>({ op: 'query', sel: '#title' });
    const ops: DomOp[] = [
      ...handles.map((h): DomOp => ({ op: 'addClass', h, name: 'seen' })),
      // One gone and one never given, inside the run: each refused alone.
      ...['hzzzz', title.h].map((h): DomOp => ({ op: 'addClass', h, name: 'seen' })),
      ...handles.slice(0, 6).map((h): DomOp => ({ op: 'setStyle', h, props: { background: 'url(https://attacker.example/)' } })),
      ...handles.slice(0, 5).map((h): DomOp => ({ op: 'text', h })),
    ];
    const wire = encodeRuns(ops);
    expect(wire.map((o) => o.op)).toEqual(['run', 'run', 'run']);
    const viaRuns = expandResults(wire, await p.run(wire as DomOp[])) as OpResult[];

    const q = await open(SHOP);
    const [all2] = await q.run([{ op: 'queryAll', sel: '.item', limit: 20 }]);
    const map = new Map(handles.map((h, i) => [h, (all2 as { value: Handle[] }).value[i]!.h]));
    const title2 = await q.ok<Handle>({ op: 'query', sel: '#title' });
    map.set(title.h, title2.h);
    const alone = await q.run(ops.map((o) => ('h' in o && typeof o.h === 'string' && map.has(o.h) ? { ...o, h: map.get(o.h)! } : o) as DomOp));

    expect(viaRuns).toHaveLength(ops.length);
    expect(viaRuns.map((r) => (r.ok ? 'ok' : r.refusal.code))).toEqual(alone.map((r) => (r.ok ? 'ok' : r.refusal.code)));
    expect(viaRuns.slice(-5)).toEqual(alone.slice(-5));
    expect(viaRuns[20]).toMatchObject({ ok: false, refusal: { code: 'HANDLE_UNKNOWN', op: 'dom.addClass' } });
    expect(viaRuns.slice(22, 28).every((r) => !r.ok && r.refusal.code === 'STYLE_REFUSED')).toBe(true);
    expect(await p.page.evaluate(() => document.querySelectorAll('.item[class*="seen"]').length)).toBe(20);
    expect(await p.page.evaluate(() => [...document.querySelectorAll('.item')].slice(0, 6).some((el) => (el as HTMLElement).style.background !== ''))).toBe(false);
  });

  test("{ ref }s after a run count its elements; a run over refs resolves each", async () => {
    const p = await open(SHOP);
    const wire: WireOp[] = [
      { op: 'query', sel: '#para' },
      { op: 'query', sel: '#box' },
      { op: 'run', of: { op: 'hide' }, hs: [{ ref: 0 }, { ref: 1 }, { ref: 7 }] },
      { op: 'query', sel: '#title' },
      { op: 'text', h: { ref: 5 } },
    ];
    const out = expandResults(wire, await p.run(wire as DomOp[])) as OpResult[];
    expect(out.map((r) => (r.ok ? 'ok' : r.refusal.code))).toEqual(['ok', 'ok', 'ok', 'ok', 'HANDLE_UNKNOWN', 'ok', 'ok']);
    expect(out[6]).toEqual({ ok: true, value: 'Fixture Shop' });
    expect(await p.page.evaluate(() => getComputedStyle(document.querySelector('#para')!).display)).toBe('none');
  });

  test('a malformed run (its op carrying an element) is refused by the boundary with its whole batch', async () => {
    const p = await open(SHOP);
    const wire = [{ op: 'run', of: { op: 'hide', h: 'x' }, hs: ['h1', 'h2'] }, { op: 'title' }] as unknown as DomOp[];
    expect(await p.refusedWhole(wire)).toMatch(/ops\.0/);
  });

  test('packed ids that are not handle ids one space apart are refused by the boundary with their batch: nothing is hidden', async () => {
    const p = await open(SHOP);
    const [para] = await p.run([{ op: 'query', sel: '#para' }]);
    const h = (para as { value: Handle }).value.h;
    for (const ids of [`${h} ,${h}`, `${h}\n${h}`, `${h}  ${h}`]) {
      expect(await p.refusedWhole([{ op: 'run', of: { op: 'hide' }, ids }, { op: 'title' }] as unknown as DomOp[]), JSON.stringify(ids)).toMatch(/ops\.0/);
    }
    expect(await p.page.evaluate(() => getComputedStyle(document.querySelector('#para')!).display)).not.toBe('none');
    // The same ids, one space apart, hide it.
    await p.run([{ op: 'run', of: { op: 'hide' }, ids: `${h} ${h}` }] as unknown as DomOp[]);
    expect(await p.page.evaluate(() => getComputedStyle(document.querySelector('#para')!).display)).toBe('none');
  });

  test("runs past the budget: the burst runs, each element after it is RATE_LIMITED, as lone ops would be; another remixlet's run is unaffected", async () => {
    const p = await open(SHOP);
    const [items] = await p.run([{ op: 'queryAll', sel: 'li', limit: 20 }]);
    const ids = (items as { value: Handle[] }).value.map((h) => h.h);
    const packed = Array.from({ length: 1_500 }, (_, i) => ids[i % ids.length]).join(' ');
    const stats = await p.page.evaluate(
      async ([scope, packed]) => {
        const pa = (window as unknown as { __pa: { exec: (s: unknown, o: unknown[]) => Promise<Array<{ ok: boolean; value?: { run: number; each?: unknown; results?: Array<{ ok: boolean; refusal?: { code: string } }> }; refusal?: { code: string } }>> } }).__pa;
        // The clock stands still, as in batch.test.ts's flood of lone ops, so the budget admits its burst and no refill.
        const realNow = performance.now;
        const instant = realNow.call(performance);
        performance.now = () => instant;
        try {
          const runs = [];
          for (let i = 0; i < 3; i++) runs.push(await pa.exec(scope, [{ op: 'run', of: { op: 'addClass', name: 'seen' }, ids: packed }, { op: 'title' }]));
          const other = await pa.exec({ ...scope, id: 'otherremix1' }, [{ op: 'run', of: { op: 'addClass', name: 'other' }, ids: packed }]);
          const codes = runs.flatMap(([run, title]) => [
            ...(run!.value!.results ?? Array.from({ length: run!.value!.run }, () => run!.value!.each as { ok: boolean; refusal?: { code: string } })).map((r) => (r.ok ? 'ok' : r.refusal!.code)),
            title!.ok ? 'ok' : title!.refusal!.code,
          ]);
          return { codes: codes.reduce<Record<string, number>>((n, c) => ({ ...n, [c]: (n[c] ?? 0) + 1 }), {}), firstLimited: codes.indexOf('RATE_LIMITED'), other: [...new Set((other[0]!.value!.results ?? [other[0]!.value!.each as { ok: boolean; refusal?: { code: string } }]).map((r) => (r.ok ? 'ok' : r.refusal!.code)))] };
        } finally {
          performance.now = realNow;
        }
      },
      [SCOPE, packed] as const,
    );
    expect(stats.codes).toEqual({ ok: 4_000, RATE_LIMITED: 3 * 1_501 - 4_000 });
    // Two runs and their titles, then the third run's first 998 elements: the budget is spent inside a run.
    expect(stats.firstLimited).toBe(2 * 1_501 + 998);
    // Admitted on its own budget: its elements get as far as its handle table, which never gave it these ids.
    expect(stats.other).toEqual(['HANDLE_UNKNOWN']);
  });
});
