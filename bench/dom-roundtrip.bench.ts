// Issue 2 #9 / issue 10 #1: the p50/p95 of a dom call's round trip (sandbox → offscreen → worker → page
// agent and back, with every check) against the floor of the same hops carrying an empty message with no
// tRPC, Comlink or zod, measured in the same run, interleaved in blocks. Prints figures; asserts nothing.
// Needs a benchmark build: `npm run bench` (REMIXLET_BENCH=1) provides the raw echo path.
import { test } from '../tests/e2e/harness';
import { install, manifest, openPanel, readLog } from '../tests/e2e/remixlet';

const SCRIPT = `
const g = globalThis;
if (typeof g.remixletBenchFloor !== 'function') { rmx.log('BENCH-NOT-BUILT'); return; }
const rounds = 10, perBlock = 50;
const domTimes = [], floorTimes = [];
for (let i = 0; i < 20; i++) await dom.url();
await g.remixletBenchFloor(20);
for (let r = 0; r < rounds; r++) {
  for (let i = 0; i < perBlock; i++) { const t0 = performance.now(); await dom.url(); domTimes.push(performance.now() - t0); }
  floorTimes.push(...(await g.remixletBenchFloor(perBlock)));
}
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil(p / 100 * s.length) - 1)]; };
rmx.log('BENCH ' + JSON.stringify({ n: domTimes.length, dom50: pct(domTimes, 50), dom95: pct(domTimes, 95), floor50: pct(floorTimes, 50), floor95: pct(floorTimes, 95) }));
`;

test('dom round trip vs raw floor', async ({ openPage, openExtensionPage, tabIdOf }) => {
  const page = await openPage('shop.test', '/index.html');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  const { remixletId } = await install(panel, tabId, { 'manifest.json': manifest({ name: 'bench', matches: ['*://shop.test/*'] }), 'script.js': SCRIPT });
  await page.reload();
  let line: string | undefined;
  for (let i = 0; i < 120 && !line; i++) {
    line = (await readLog(panel, remixletId)).map((e) => e.message).find((m) => m.startsWith('BENCH'));
    if (!line) await page.waitForTimeout(500);
  }
  if (!line || line === 'BENCH-NOT-BUILT') throw new Error('No benchmark result: build with REMIXLET_BENCH=1 (npm run bench).');
  const r = JSON.parse(line.slice('BENCH '.length)) as { n: number; dom50: number; dom95: number; floor50: number; floor95: number };
  const f = (x: number) => `${x.toFixed(2)} ms`;
  console.log(`dom round trip (n=${r.n}): p50 ${f(r.dom50)}  p95 ${f(r.dom95)}`);
  console.log(`raw floor, same hops:     p50 ${f(r.floor50)}  p95 ${f(r.floor95)}`);
  console.log(`ratio: p50 ${(r.dom50 / r.floor50).toFixed(2)}x  p95 vs floor p50 ${(r.dom95 / r.floor50).toFixed(2)}x`);
});
