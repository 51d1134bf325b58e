// An open popup or manager follows the health reports (worker/health/health-reports.ts, followHealth): the last
// report it is sent is read after the last change, however slowly an earlier read answers.
import { expect, test, vi } from 'vitest';

const reads: Array<{ state: number; finish: () => void }> = [];
let state = 0;
let healthChanged: () => void = () => undefined;

vi.mock('../../../../worker/store/remixlets', () => ({
  loadAll: () =>
    new Promise((resolve) => {
      const seen = state;
      reads.push({ state: seen, finish: () => resolve([{ ok: true, remixlet: { head: { id: `r${seen}` }, manifest: { matches: ['<all_urls>'] } } }]) });
    }),
}));
vi.mock('../../../../worker/store/health', () => ({
  readHealth: async () => ({ visits: [] }),
  onHealthChanged: (fn: () => void) => ((healthChanged = fn), () => undefined),
}));
vi.mock('../../../../worker/store/changes', () => ({ onStoreChanged: () => () => undefined }));

test('a read begun before a change never answers after one begun after it', async () => {
  vi.useFakeTimers();
  const { followHealth } = await import('../../../../worker/health/health-reports');
  const sent: string[] = [];
  followHealth(undefined, (reports) => sent.push(reports.map((r) => r.remixletId).join()));
  expect(reads).toHaveLength(1);
  // A visit is saved while the first read is still on its way.
  state = 1;
  healthChanged();
  await vi.advanceTimersByTimeAsync(1_000);
  // The first read answers late, with what it read before the change; only then is the page read again.
  expect(reads).toHaveLength(1);
  reads[0]!.finish();
  await vi.advanceTimersByTimeAsync(0);
  expect(reads).toHaveLength(2);
  expect(reads[1]!.state).toBe(1);
  reads[1]!.finish();
  await vi.advanceTimersByTimeAsync(0);
  expect(sent).toEqual(['r0', 'r1']);
  vi.useRealTimers();
});
