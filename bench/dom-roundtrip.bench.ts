// Issue 29 #1 (was issue 2 #9 / issue 10 #1): the p50/p95 of a dom call's round trip (sandbox → offscreen →
// worker → page agent and back, with every check) against the floor of the same hops carrying an empty message
// with no tRPC, Comlink or zod, measured in the same run and interleaved round by round (each round one of each,
// which goes first alternating), so load hits both alike. Twice: on this machine as it is, and with two busy
// processes spinning beside the browser (as many as this machine has cores, at most two), for "a loaded
// machine". Prints figures; asserts nothing.
// Needs a benchmark build: `npm run bench` (REMIXLET_BENCH=1) provides the raw echo path.
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { test } from '../tests/e2e/harness';
import { benchOnPage, loggedFigures, ms, ratio, waitForFigures } from './kit';

const ROUNDS = 500;

const SCRIPT = `
const g = globalThis;
if (typeof g.remixletBenchFloor !== 'function') { rmx.log('BENCH-NOT-BUILT'); return; }
const go = await dom.query('#shop-title');
await go.on('click', async () => {
  const dom1 = [], floor1 = [];
  for (let i = 0; i < 20; i++) await dom.url();
  await g.remixletBenchFloor(20);
  const domOnce = async () => { const t0 = performance.now(); await dom.url(); dom1.push(performance.now() - t0); };
  const floorOnce = async () => floor1.push(...(await g.remixletBenchFloor(1)));
  for (let r = 0; r < ${ROUNDS}; r++) {
    if (r % 2) { await domOnce(); await floorOnce(); } else { await floorOnce(); await domOnce(); }
  }
  // A log line holds 4,000 characters: the percentiles travel, not the samples.
  const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]; };
  rmx.log('ROUNDS ' + JSON.stringify({ dom50: pct(dom1, 50), dom95: pct(dom1, 95), floor50: pct(floor1, 50), floor95: pct(floor1, 95) }));
});
rmx.log('READY ' + JSON.stringify({ floor: typeof g.remixletBenchFloor }));
`;

/** Busy processes spinning until killed: the load beside the browser. */
function spinners(n: number): ChildProcess[] {
  return Array.from({ length: n }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

test('dom round trip vs raw floor, interleaved round by round, quiet and loaded', async ({ openPage, openExtensionPage, tabIdOf }) => {
  test.setTimeout(300_000);
  const { page, panel, id, ready } = await benchOnPage<{ floor: string }>({ openPage, openExtensionPage, tabIdOf }, 'shop.test', '/index.html', {
    name: 'bench round trip',
    matches: ['*://shop.test/*'],
    script: SCRIPT,
  });
  if (ready?.floor !== 'function') throw new Error('No benchmark floor: build with REMIXLET_BENCH=1 (npm run bench).');

  const load = Math.min(2, availableParallelism());
  for (const [i, loaded] of [false, true].entries()) {
    const busy = loaded ? spinners(load) : [];
    try {
      await page.click('#shop-title');
      await waitForFigures(panel, id, 'ROUNDS', i + 1, 240_000);
    } finally {
      for (const p of busy) p.kill();
    }
    const r = (await loggedFigures<{ dom50: number; dom95: number; floor50: number; floor95: number }>(panel, id, 'ROUNDS'))[i]!;
    console.log(`dom round trip against the raw floor, ${ROUNDS} rounds interleaved one by one, ${loaded ? `${load} busy processes beside the browser` : 'this machine as it is'}`);
    console.log(`  dom.url(): p50 ${ms(r.dom50)}, p95 ${ms(r.dom95)}; raw floor: p50 ${ms(r.floor50)}, p95 ${ms(r.floor95)}`);
    console.log(`  ratio: p50 ${ratio(r.dom50, r.floor50)} (#1 target ≤ 1.5x); p95 against the floor's p50 ${ratio(r.dom95, r.floor50)} (< 3x), against its p95 ${ratio(r.dom95, r.floor95)}`);
  }
});
