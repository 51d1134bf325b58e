// What a flooding remixlet costs its neighbour until it is torn down (tests/e2e/hostile-sandbox/floods.spec.ts
// shows the neighbour answers every call and the flooder goes; this says how quickly): a neighbour's 300
// sequential dom.url() round trips on a page where one flooder starts with it, for each kind of flood, beside
// the same neighbour with no flooder, in the same run. Prints figures; asserts nothing.
import { test } from '../tests/e2e/harness';
import { openPanel, uiCall } from '../tests/e2e/remixlet';
import { API_BYTE_FLOOD, BYTE_FLOOD, HUGE_MESSAGE, PORT_FLOOD } from '../tests/e2e/hostile-sandbox/probes';
import { installBench, ms, pct, waitForFigures } from './kit';

const ROUNDS = Number(process.env.FLOOD_BENCH_ROUNDS ?? 3);

const TIMED_NEIGHBOUR = `
const rtts = [];
for (let i = 0; i < 300; i++) {
  const t0 = performance.now();
  await dom.url();
  rtts.push(Math.round((performance.now() - t0) * 10) / 10);
}
rmx.log('neighbour ' + JSON.stringify(rtts));
`;

const FLOODERS: Array<[string, string | undefined]> = [
  ['no flooder', undefined],
  ['5,000 messages through the stolen endpoint', PORT_FLOOD],
  ['40 messages of 8 MB through the stolen endpoint', BYTE_FLOOD],
  ['one 80 MB message through the stolen endpoint', HUGE_MESSAGE],
  ['400 texts of 99 KB through dom', API_BYTE_FLOOD],
];

test('a neighbour beside each kind of flood, against no flood', async ({ openPage, openExtensionPage, tabIdOf }) => {
  test.setTimeout(900_000);
  for (const [label, flooder] of FLOODERS) {
    const rtts: number[] = [];
    const firsts: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const page = await openPage('news.test', `/index.html?flood-bench=${round}`);
      const tabId = await tabIdOf(page);
      const panel = await openPanel(openExtensionPage, tabId);
      const matches = ['*://news.test/*'];
      const neighbour = await installBench(panel, tabId, { name: `neighbour ${round}`, matches, script: TIMED_NEIGHBOUR });
      if (flooder) await installBench(panel, tabId, { name: `flooder ${round}`, matches, script: flooder });
      await page.reload();
      const [line] = await waitForFigures<number[]>(panel, neighbour, 'neighbour', 1, 120_000);
      rtts.push(...line!);
      firsts.push(Math.max(...line!.slice(0, 50)));
      // The page goes first: removing a remixlet reloads the tabs it covered, and a page closed while the
      // worker reloads it left Playwright's close waiting here (2026-12-02).
      await page.close();
      for (const r of await uiCall<Array<{ id: string }>>(panel, 'list', {}, 'query')) await uiCall(panel, 'remove', { remixletId: r.id });
      await panel.close();
    }
    console.log(`${label}: the neighbour's dom.url() round trip (n=${rtts.length}) p50 ${ms(pct(rtts, 50))}  p95 ${ms(pct(rtts, 95))}  max ${ms(Math.max(...rtts))}; longest of the first 50 calls, per round: ${firsts.map(ms).join(', ')}`);
  }
});
