import { test } from '../tests/e2e/harness';
import { openPanel } from '../tests/e2e/remixlet';
import { installBench, sleep, waitForFigures } from './kit';

const SCRIPT = `
const rows = await dom.queryAll('#a .row', { limit: 1000 });
const go = await dom.query('#go');
let round = 0;
await go.on('click', async () => {
  const r = round++;
  const hide = r % 2 === 0;
  const t0 = performance.now();
  const calls = await dom.batch(() => rows.map((h) => (hide ? h.hide() : h.show())));
  await Promise.all(calls);
  rmx.log('BATCH ' + JSON.stringify({ r, ms: performance.now() - t0 }));
});
rmx.log('READY ' + JSON.stringify({ rows: rows.length }));
`;
type Prof = { nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }>; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };
function summarize(name: string, p: Prof) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const n = byId.get(p.samples[i]!)!;
    const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  }
  const busy = [...self.entries()].filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)')).reduce((a, [, v]) => a + v, 0);
  console.log(`== ${name}: busy ${busy.toFixed(1)} ms over ${((p.endTime - p.startTime) / 1000).toFixed(0)} ms`);
  for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`   ${v.toFixed(2)} ${k}`);
}

test('explore batch', async ({ openPage, openExtensionPage, tabIdOf, cdp, context }) => {
  const page = await openPage('bench.test', '/rows.html');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  const id = await installBench(panel, tabId, { name: 'bench batch', matches: ['*://bench.test/*'], script: SCRIPT });
  await page.reload();
  await page.bringToFront();
  await waitForFigures(panel, id, 'READY');
  for (let r = 0; r < 3; r++) { await page.click('#go'); await waitForFigures(panel, id, 'BATCH', r + 1); await sleep(1100); }
  const targets = await cdp.listTargets();
  const sw = targets.find((t) => t.type === 'service_worker')!;
  const off = await cdp.findOffscreenTarget();
  const sandbox = targets.filter((t) => t.url.includes('sandbox.html') || (t.type === 'worker' && t.url === ''));
  console.log(targets.map((t) => `${t.type} ${t.url}`).join('\n'));
  const sessions = [await cdp.attach(sw), await cdp.attach(off), ...(await Promise.all(sandbox.map((t) => cdp.attach(t))))];
  const pageSession = await context.newCDPSession(page);
  for (const s of sessions) { await s.send('Profiler.enable'); await s.send('Profiler.setSamplingInterval', { interval: 100 }); await s.send('Profiler.start'); }
  await pageSession.send('Profiler.enable'); await pageSession.send('Profiler.setSamplingInterval', { interval: 100 }); await pageSession.send('Profiler.start');
  for (let r = 3; r < 8; r++) { await page.click('#go'); await waitForFigures(panel, id, 'BATCH', r + 1); await sleep(1100); }
  const names = ['worker', 'offscreen', ...sandbox.map((t) => 'sandbox ' + t.type)];
  for (const [i, s] of sessions.entries()) summarize(names[i]!, (await s.send<{ profile: Prof }>('Profiler.stop')).profile);
  summarize('page', ((await pageSession.send('Profiler.stop')) as { profile: Prof }).profile);
  console.log(JSON.stringify(await waitForFigures(panel, id, 'BATCH', 8)));
});
