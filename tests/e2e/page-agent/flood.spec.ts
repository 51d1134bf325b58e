// Ten thousand dom calls at once from one remixlet: each gets a typed answer (done or RATE_LIMITED), the
// page keeps its thread, and another remixlet on the same page keeps working throughout. How long the page
// waited and how fast the neighbour was answered meanwhile are bench/flood.bench.ts's figures.
import { test, expect } from '../harness';
import { install, manifest, openPanel, readLog } from '../remixlet';
import { canary, labPage, PRELUDE } from './lab';

/** Set on the page when the calm remixlet has its answers and the test its pings. */
const RELEASE = 'body.pinged #results2:not(:empty)';

// #lab's text says where the flood is: "calling" from before its first call until every call is answered.
// Its first call waits (dom.waitFor, in a batch of its own so it holds up none of the others) until the
// neighbour has all its answers and the page has answered every ping, so all of that happens while the
// flood's calls are outstanding, however fast or slow the machine is.
const FLOOD = `
const lab = await dom.query('#lab');
await lab.setText('calling');
const calls = [settle(dom.waitFor(${JSON.stringify(RELEASE)}, { timeout: 30000 }))];
await null;
for (let i = 1; i < 10000; i++) calls.push(settle(i % 2 ? dom.title() : dom.query('.step:nth-child(' + ((i % 3) + 1) + ')')));
const out = await Promise.all(calls);
await lab.setText('answered');
const counts = {};
for (const o of out) counts[o.ok ? 'ok' : o.code] = (counts[o.ok ? 'ok' : o.code] || 0) + 1;
const typed = out.every((o) => o.ok || (typeof o.code === 'string' && typeof o.reason === 'string' && o.reason.length > 20));
await pause(1500);
const after = await settle(dom.title());
await report({ counts, typed, released: out[0].ok && out[0].value !== null, after: after.ok });
await status('done');
`;

// A fixed number of answers, each read beside where the flood was when the page answered it.
const CALM_ROUNDS = 20;
const CALM = `
const lab = await dom.query('#lab');
while (!(await lab.text())) await pause(20);
const answers = [];
for (let i = 0; i < ${CALM_ROUNDS}; i++) {
  const [heading, flood] = await Promise.all([settle(dom.query('#heading').then((h) => h.text())), settle(lab.text())]);
  answers.push({ ok: heading.ok, value: heading.value, code: heading.code, flood: flood.value });
  await pause(40);
}
await report(answers, '#results2');
`;

// The page's own script: a timer that counts its runs, what that count was each time #lab's text changed,
// and a ping the test calls, which records where the flood was when the page answered it.
const PAGE_SCRIPT = `<script>
(() => {
  window.__ticks = 0;
  setInterval(() => { window.__ticks += 1; }, 10);
  const lab = document.getElementById('lab');
  window.__phases = [];
  new MutationObserver(() => window.__phases.push({ flood: lab.textContent, ticks: window.__ticks })).observe(lab, { childList: true, characterData: true, subtree: true });
  window.__pings = [];
  window.ping = (n) => {
    window.__pings.push({ n, flood: lab.textContent });
    if (n === 9) document.body.classList.add('pinged');
    return n;
  };
})();
</script>
</body>`;

interface PageRecord {
  __phases: Array<{ flood: string; ticks: number }>;
  __pings: Array<{ n: number; flood: string }>;
}

test('a flood of ten thousand calls gets typed answers; the page and another remixlet keep working', async ({ sites, openPage, openExtensionPage, tabIdOf, witness }) => {
  test.setTimeout(180_000);
  await witness.clear();
  const body = labPage({}).replace('</body>', PAGE_SCRIPT);
  sites.route('lab.test', '/flood.html', () => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body }));
  const page = await openPage('lab.test', '/flood.html');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  const flood = await install(panel, tabId, { 'manifest.json': manifest({ name: 'Flood', matches: ['*://lab.test/*'] }), 'script.js': `${PRELUDE}\n${FLOOD}` });
  const calm = await install(panel, tabId, { 'manifest.json': manifest({ name: 'Calm', matches: ['*://lab.test/*'] }), 'script.js': `${PRELUDE}\n${CALM}` });
  await page.reload();

  // The page answers its own script while the flood's calls are outstanding (they wait for the last ping).
  await expect(page.locator('#lab')).toHaveText('calling', { timeout: 20_000 });
  const answered: number[] = [];
  for (let n = 0; n < 10; n++) answered.push(await page.evaluate((n) => (window as unknown as { ping(n: number): number }).ping(n), n));
  expect(answered).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  await expect(page.locator('#status')).toHaveText('done', { timeout: 40_000 });
  const f = JSON.parse((await page.locator('#results').textContent())!) as { counts: Record<string, number>; typed: boolean; released: boolean; after: boolean };
  const c = JSON.parse((await page.locator('#results2').textContent())!) as Array<{ ok: boolean; value?: string; code?: string; flood?: string }>;
  const seen = await page.evaluate(() => ({ phases: (window as unknown as PageRecord).__phases, pings: (window as unknown as PageRecord).__pings }));

  expect(f.typed).toBe(true);
  expect(Object.values(f.counts).reduce((a, b) => a + b, 0)).toBe(10_000);
  expect(Object.keys(f.counts).filter((k) => k !== 'ok' && k !== 'RATE_LIMITED')).toEqual([]);
  // Past the runtime's budget each call is refused at once (the budget's arithmetic, 2,000 a second, is
  // tests/unit/sandbox/runtime/pacing.test.ts's, on a clock of its own).
  expect(f.counts.RATE_LIMITED).toBeGreaterThan(0);
  // Its held call was answered with the element (not the waitFor's timeout), so it did wait for the rest.
  expect(f.released).toBe(true);
  expect(f.after).toBe(true);

  // The page's own script answered every ping, in order, while the flood's calls were outstanding.
  expect(seen.pings).toEqual(Array.from({ length: 10 }, (_, n) => ({ n, flood: 'calling' })));
  // Its own timer kept running from the flood's first call to its last answer.
  expect(seen.phases.map((p) => p.flood)).toEqual(['calling', 'answered']);
  expect(seen.phases[1]!.ticks, JSON.stringify(seen.phases)).toBeGreaterThan(seen.phases[0]!.ticks);
  // The neighbour got every answer, right, while the flood's calls were outstanding.
  expect(c).toHaveLength(CALM_ROUNDS);
  expect(c.filter((a) => !a.ok || a.value !== 'Remixlet Lab' || a.flood !== 'calling')).toEqual([]);

  const log = await readLog(panel, flood.remixletId);
  expect(log.some((e) => /RATE_LIMITED|dom calls a second|operations a second/.test(`${e.refusal?.code ?? ''} ${e.message}`))).toBe(true);
  expect((await readLog(panel, calm.remixletId)).filter((e) => e.level === 'refusal' || e.level === 'error')).toEqual([]);
  expect(await canary(page)).toEqual({ canary: 0, calls: [] });
  await witness.expectNoHits();
});
