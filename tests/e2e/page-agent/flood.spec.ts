// Ten thousand dom calls at once from one remixlet: each gets a typed answer (done or RATE_LIMITED), the
// page keeps its thread, and another remixlet on the same page keeps working throughout.
import { test, expect } from '../harness';
import { install, manifest, openPanel, readLog } from '../remixlet';
import { canary, labPage, PRELUDE } from './lab';

const FLOOD = `
const t0 = Date.now();
const calls = [];
for (let i = 0; i < 10000; i++) calls.push(settle(i % 2 ? dom.title() : dom.query('.step:nth-child(' + ((i % 3) + 1) + ')')));
const issuedMs = Date.now() - t0;
const out = await Promise.all(calls);
const counts = {};
for (const o of out) counts[o.ok ? 'ok' : o.code] = (counts[o.ok ? 'ok' : o.code] || 0) + 1;
const typed = out.every((o) => o.ok || (typeof o.code === 'string' && typeof o.reason === 'string' && o.reason.length > 20));
await pause(1500);
const after = await settle(dom.title());
await report({ counts, typed, issuedMs, ms: Date.now() - t0, after: after.ok });
await status('done');
`;

const CALM = `
const answers = [];
const end = Date.now() + 5000;
while (Date.now() < end) {
  answers.push(await settle(dom.query('#heading').then((h) => h.text())));
  await pause(40);
}
await report({ total: answers.length, ok: answers.filter((a) => a.ok && a.value === 'Remixlet Lab').length, codes: answers.filter((a) => !a.ok).map((a) => a.code) }, '#results2');
`;

test('a flood of ten thousand calls gets typed answers; the page and another remixlet keep working', async ({ sites, openPage, openExtensionPage, tabIdOf, witness }) => {
  test.setTimeout(90_000);
  await witness.clear();
  const body = labPage({});
  sites.route('lab.test', '/flood.html', () => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body }));
  const page = await openPage('lab.test', '/flood.html');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  const flood = await install(panel, tabId, { 'manifest.json': manifest({ name: 'Flood', matches: ['*://lab.test/*'] }), 'script.js': `${PRELUDE}\n${FLOOD}` });
  const calm = await install(panel, tabId, { 'manifest.json': manifest({ name: 'Calm', matches: ['*://lab.test/*'] }), 'script.js': `${PRELUDE}\n${CALM}` });
  await page.reload();

  // The page answers its own script while the flood runs.
  const pings: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = Date.now();
    await page.evaluate(() => document.title);
    pings.push(Date.now() - t);
    await page.waitForTimeout(200);
  }
  await expect(page.locator('#status')).toHaveText('done', { timeout: 30_000 });
  await expect(page.locator('#results2')).not.toBeEmpty({ timeout: 15_000 });
  const f = JSON.parse((await page.locator('#results').textContent())!) as { counts: Record<string, number>; typed: boolean; issuedMs: number; after: boolean };
  const c = JSON.parse((await page.locator('#results2').textContent())!) as { total: number; ok: number; codes: string[] };

  expect(f.typed).toBe(true);
  expect(Object.values(f.counts).reduce((a, b) => a + b, 0)).toBe(10_000);
  expect(Object.keys(f.counts).filter((k) => k !== 'ok' && k !== 'RATE_LIMITED')).toEqual([]);
  // The runtime admits 2,000 calls a second and refuses the rest at once: while the loop issued them (longer on
  // a loaded machine), at most one second's budget per second begun, plus the one it started in, went through.
  const admittedAtMost = 2_000 * (Math.ceil(f.issuedMs / 1_000) + 1);
  expect(f.counts.RATE_LIMITED, `issued in ${f.issuedMs} ms`).toBeGreaterThanOrEqual(10_000 - admittedAtMost);
  expect(f.counts.RATE_LIMITED).toBeGreaterThan(0);
  expect(f.after).toBe(true);
  expect(c.codes).toEqual([]);
  expect(c.ok).toBe(c.total);
  // It kept answering throughout the 5 s (about 100 rounds alone; fewer under load from other tenants).
  expect(c.total).toBeGreaterThan(20);
  expect(Math.max(...pings)).toBeLessThan(1_000);
  expect(await page.evaluate(() => (window as unknown as { __maxGap: number }).__maxGap)).toBeLessThan(500);

  const log = await readLog(panel, flood.remixletId);
  expect(log.some((e) => /RATE_LIMITED|dom calls a second|operations a second/.test(`${e.refusal?.code ?? ''} ${e.message}`))).toBe(true);
  expect((await readLog(panel, calm.remixletId)).filter((e) => e.level === 'refusal' || e.level === 'error')).toEqual([]);
  expect(await canary(page)).toEqual({ canary: 0, calls: [] });
  await witness.expectNoHits();
});
