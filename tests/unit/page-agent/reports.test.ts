// One frame's change reports travel as one message (page-agent/reports.ts): joined when every watching
// remixlet reported, else sent after the current task; other events keep their order behind earlier reports.
import { describe, expect, test } from 'vitest';
import { joinChangeReports } from '../../../page-agent/reports';
import type { PageReport } from '../../../contracts/boundaries/worker-page-agent';
import { PageReport as PageReportSchema } from '../../../contracts/boundaries/worker-page-agent';

/** An emit that records, and the next report it receives, awaited (it comes after the current task, however long that takes here). */
function recorder() {
  const out: PageReport[] = [];
  let waiting: (() => void) | undefined;
  const emit = (r: PageReport) => {
    out.push(r);
    waiting?.();
  };
  const nextReport = () => new Promise<void>((resolve) => (waiting = resolve));
  return { out, emit, nextReport };
}

describe('joinChangeReports', () => {
  test('the reports of every watching remixlet go as one message, at once', () => {
    const out: PageReport[] = [];
    const emit = joinChangeReports((r) => out.push(r), () => 3);
    emit({ kind: 'mutated', remixletId: 'remixleta' });
    emit({ kind: 'mutated', remixletId: 'remixletb' });
    expect(out).toEqual([]);
    emit({ kind: 'mutated', remixletId: 'remixletc' });
    expect(out).toEqual([{ kind: 'mutatedMany', remixletIds: ['remixleta', 'remixletb', 'remixletc'] }]);
    for (const r of out) expect(PageReportSchema.safeParse(r).success).toBe(true);
  });

  test('a lone watcher reports as before; a repeated id counts once', () => {
    const out: PageReport[] = [];
    const emit = joinChangeReports((r) => out.push(r), () => 1);
    emit({ kind: 'mutated', remixletId: 'remixleta' });
    expect(out).toEqual([{ kind: 'mutated', remixletId: 'remixleta' }]);
  });

  test("each remixlet's before goes with its id, joined or alone; two reports of one remixlet join with the later's, or none when one had none", () => {
    const out: PageReport[] = [];
    const emit = joinChangeReports((r) => out.push(r), () => 3);
    emit({ kind: 'mutated', remixletId: 'remixleta', before: 4 });
    emit({ kind: 'mutated', remixletId: 'remixleta', before: 6 });
    emit({ kind: 'mutated', remixletId: 'remixletb', before: 2 });
    emit({ kind: 'mutated', remixletId: 'remixletc', before: 9 });
    expect(out).toEqual([{ kind: 'mutatedMany', remixletIds: ['remixleta', 'remixletb', 'remixletc'], before: [6, 2, 9] }]);
    const alone: PageReport[] = [];
    const one = joinChangeReports((r) => alone.push(r), () => 2);
    one({ kind: 'mutated', remixletId: 'remixleta' });
    one({ kind: 'mutated', remixletId: 'remixleta', before: 5 });
    one({ kind: 'mutated', remixletId: 'remixletb', before: 3 });
    // remixleta's first report said nothing of when: the joined one cannot either, so no list goes.
    expect(alone).toEqual([{ kind: 'mutatedMany', remixletIds: ['remixleta', 'remixletb'] }]);
    for (const r of [...out, ...alone]) expect(PageReportSchema.safeParse(r).success).toBe(true);
  });

  test("whose report is of its own changes only says so, joined or alone; a remixlet's own and other report in one frame is not", () => {
    const out: PageReport[] = [];
    const emit = joinChangeReports((r) => out.push(r), () => 3);
    emit({ kind: 'mutated', remixletId: 'remixleta', own: true });
    emit({ kind: 'mutated', remixletId: 'remixletb', own: true });
    emit({ kind: 'mutated', remixletId: 'remixletb' });
    emit({ kind: 'mutated', remixletId: 'remixletc' });
    expect(out).toEqual([{ kind: 'mutatedMany', remixletIds: ['remixleta', 'remixletb', 'remixletc'], own: ['remixleta'] }]);
    const alone: PageReport[] = [];
    joinChangeReports((r) => alone.push(r), () => 1)({ kind: 'mutated', remixletId: 'remixleta', own: true });
    expect(alone).toEqual([{ kind: 'mutated', remixletId: 'remixleta', own: true }]);
    for (const r of [...out, ...alone]) expect(PageReportSchema.safeParse(r).success).toBe(true);
  });

  test('when some watchers did not report, the others go after the current task', async () => {
    const { out, emit: record, nextReport } = recorder();
    const emit = joinChangeReports(record, () => 3);
    let next = nextReport();
    emit({ kind: 'mutated', remixletId: 'remixleta' });
    emit({ kind: 'mutated', remixletId: 'remixleta' });
    emit({ kind: 'mutated', remixletId: 'remixletb' });
    expect(out).toEqual([]);
    await next;
    expect(out).toEqual([{ kind: 'mutatedMany', remixletIds: ['remixleta', 'remixletb'] }]);
    next = nextReport();
    emit({ kind: 'mutated', remixletId: 'remixletc' });
    expect(out).toHaveLength(1);
    await next;
    expect(out.slice(1)).toEqual([{ kind: 'mutated', remixletId: 'remixletc' }]);
  });

  test('another event sends the waiting reports first, then itself', () => {
    const out: PageReport[] = [];
    const emit = joinChangeReports((r) => out.push(r), () => 2);
    emit({ kind: 'mutated', remixletId: 'remixleta' });
    emit({ kind: 'lifecycle', readyState: 'complete' });
    expect(out).toEqual([
      { kind: 'mutated', remixletId: 'remixleta' },
      { kind: 'lifecycle', readyState: 'complete' },
    ]);
  });
});
