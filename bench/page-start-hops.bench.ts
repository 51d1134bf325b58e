// Issue 29 #5, by hop: where the time of a page's first dom change goes, hop by hop between processes, beside
// the same hops of a call made once the page has loaded, same run. Two remixlets at document_end on the
// time-to-effect page (one waits for #target and then changes it, one chains the change), each navigation one
// second after the last; the chained one makes one more change 600 ms after its first, when the page is idle.
// Every context marks its moments on its own performance timeline (contracts/bench-marks.ts) in a benchmark
// build made with marks, which this bench builds for itself (the marks cost a page's thread, so the other
// benches' builds have none); a Chromium trace of each navigation (category blink.user_timing only, the
// lightest) carries them all on one clock. For each hop it prints the median and 90th percentile over the
// navigations: the hops only a page's start makes (the worker's start message to the held sandbox, the page
// agent's hello and the worker's connection back, the password-field pinning sheet), and those every call
// makes, at the start and when idle.
// Prints figures; asserts nothing. Builds the extension with REMIXLET_BENCH=1 REMIXLET_BENCH_MARKS=1 into a
// temporary folder first (about half a minute).
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { CDPSession } from '@playwright/test';
import { repoRoot, test } from '../tests/e2e/harness';
import { openPanel } from '../tests/e2e/remixlet';
import { BENCH_MARK_PREFIX, type BenchMarkName } from '../contracts/bench-marks';
import { installBench, ms, pct, serveBenchPage, sleep } from './kit';

// The marked build is made for the test and removed after it, as sandbox-start.bench.ts does with its copies.
// eslint-disable-next-line no-empty-pattern
test.use({ extensionPath: async ({}, use) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'remixlet-bench-marks-'));
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'ignore', env: { ...process.env, REMIXLET_BENCH: '1', REMIXLET_BENCH_MARKS: '1', REMIXLET_OUT: dir } });
  await use(dir);
  rmSync(dir, { recursive: true, force: true });
} });

const NAVIGATIONS = 20;
const WARM = 3;
const PACE_MS = 1_000;
const LATER_MS = 600;

const TWO_STEP = `const target = await dom.waitFor('#target', { timeout: 10000 });\nawait target.addClass('seen');\n`;
const CHAINED = `await dom.waitFor('#target', { timeout: 10000 }).addClass('seen');
await new Promise((r) => setTimeout(r, ${LATER_MS}));
performance.mark('later');
await dom.query('#target').addClass('later');
`;

type Mark = BenchMarkName | 'later';
interface TraceEvent {
  name: string;
  cat: string;
  ts: number;
  pid: number;
}
interface Hop {
  name: string;
  from: Mark;
  to: Mark;
}

/** Hops only a page's start makes. */
const START_HOPS: Hop[] = [
  { name: "worker → offscreen: the held sandbox's start", from: 'w:start-sent', to: 'o:start' },
  { name: 'offscreen → sandbox runtime: start', from: 'o:start', to: 'rt:start' },
  { name: "runtime: script's first run → its call at the offscreen host", from: 'rt:start', to: 'o:call-in' },
  { name: "page agent's hello → worker", from: 'pa:hello-sent', to: 'w:hello' },
  { name: "worker's connection → page agent", from: 'w:connect', to: 'pa:connected' },
  { name: 'pinning sheet inserted (insertCSS, from commit)', from: 'w:pin-start', to: 'w:pin-done' },
];
/** Hops every dom call makes. */
const CALL_HOPS: Hop[] = [
  { name: 'offscreen host → worker', from: 'o:call-in', to: 'w:dom-in' },
  { name: 'worker: grants (waits for the page agent and the pinning)', from: 'w:dom-in', to: 'w:exec-sent' },
  { name: 'worker → page agent', from: 'w:exec-sent', to: 'pa:batch-in' },
  { name: 'page agent: batch (waits for the runAt)', from: 'pa:batch-in', to: 'pa:batch-done' },
  { name: 'page agent → worker', from: 'pa:batch-done', to: 'w:exec-answered' },
  { name: 'worker → offscreen host', from: 'w:exec-answered', to: 'o:call-answered' },
];

/** The marks of one trace, each name's times in order (µs, the trace's clock), and the page's DOMContentLoaded. */
function marksOf(events: TraceEvent[]): { at: Map<Mark, number[]>; dcl: number | undefined } {
  const at = new Map<Mark, number[]>();
  const ours = events.filter((e) => e.cat.includes('blink.user_timing') && (e.name.startsWith(BENCH_MARK_PREFIX) || e.name === 'later'));
  for (const e of ours.sort((a, b) => a.ts - b.ts)) {
    const name = (e.name === 'later' ? 'later' : e.name.slice(BENCH_MARK_PREFIX.length)) as Mark;
    at.set(name, [...(at.get(name) ?? []), e.ts]);
  }
  // The page's renderer may also report the page it replaced: its DOMContentLoaded is the one nearest its batch.
  const firstBatch = ours.find((e) => e.name === `${BENCH_MARK_PREFIX}pa:batch-done`);
  const nearest = events
    .filter((e) => e.pid === firstBatch?.pid && e.name === 'domContentLoadedEventStart')
    .sort((a, b) => Math.abs(a.ts - firstBatch!.ts) - Math.abs(b.ts - firstBatch!.ts));
  return { at, dcl: nearest[0]?.ts };
}

/** Milliseconds from the first `from` to the first `to` after it, at or after `since`. */
function hopTime(at: Map<Mark, number[]>, hop: Hop, since = -Infinity): number | undefined {
  const from = at.get(hop.from)?.find((t) => t >= since);
  if (from === undefined) return undefined;
  const to = at.get(hop.to)?.find((t) => t >= from);
  return to === undefined ? undefined : (to - from) / 1000;
}

async function traced(cdp: CDPSession, during: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  // The protocol types each event as a string map; what a trace event carries is known (TraceEvent).
  const collect = (e: { value: object[] }) => events.push(...(e.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['blink.user_timing'], recordMode: 'recordContinuously' } });
  await during();
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  return events;
}

const row = (name: string, xs: number[]) => `    ${name}: p50 ${ms(pct(xs, 50))}, p90 ${ms(pct(xs, 90))} (${xs.length})`;

test('page start, hop by hop: the first dom changes against a call once the page is idle', async ({ openPage, openExtensionPage, tabIdOf, sites, context }) => {
  test.setTimeout(170_000);
  serveBenchPage(sites, 'bench.test', '/end/effect.html', 'effect.html');
  const page = await openPage('bench.test', '/index.html');
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  const matches = ['*://bench.test/end/*'];
  const twoStep = await installBench(panel, tabId, { name: 'hops two-step', matches, runAt: 'document_end', script: TWO_STEP });
  const chained = await installBench(panel, tabId, { name: 'hops chained', matches, runAt: 'document_end', script: CHAINED });
  await panel.close();
  await page.bringToFront();
  const wanted = [`rmx-${twoStep}-seen`, `rmx-${chained}-seen`, `rmx-${chained}-later`];
  const url = sites.url('bench.test', '/end/effect.html');
  const navigate = async () => {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction((classes) => classes.every((c) => document.querySelector('#target')?.classList.contains(c)), wanted);
  };
  for (let i = 0; i < WARM; i++) await navigate();

  const cdp = await context.browser()!.newBrowserCDPSession();
  const atStart = new Map<string, number[]>();
  const whenIdle = new Map<string, number[]>();
  const fromDcl: number[] = [];
  const add = (into: Map<string, number[]>, name: string, x: number | undefined) => {
    if (x !== undefined) into.set(name, [...(into.get(name) ?? []), x]);
  };
  for (let i = 0; i < NAVIGATIONS; i++) {
    await sleep(PACE_MS);
    const { at, dcl } = marksOf(await traced(cdp, navigate));
    const later = at.get('later')?.[0];
    for (const hop of [...START_HOPS, ...CALL_HOPS]) add(atStart, hop.name, hopTime(at, hop));
    for (const hop of CALL_HOPS) add(whenIdle, hop.name, later === undefined ? undefined : hopTime(at, hop, later));
    const firstDone = at.get('pa:batch-done')?.[0];
    if (dcl !== undefined && firstDone !== undefined) fromDcl.push((firstDone - dcl) / 1000);
  }
  await cdp.detach();

  console.log(`page start, hop by hop (${NAVIGATIONS} navigations ${PACE_MS} ms apart, two remixlets at document_end; the first of each mark on the way)`);
  console.log(`  DOMContentLoaded → the page agent's first batch done: p50 ${ms(pct(fromDcl, 50))}, p90 ${ms(pct(fromDcl, 90))}`);
  console.log('  hops only the start makes:');
  for (const hop of START_HOPS) console.log(row(hop.name, atStart.get(hop.name) ?? []));
  console.log(`  a call's hops: at the page's start | the same call ${LATER_MS} ms after the first change (page idle)`);
  for (const hop of CALL_HOPS) {
    const s = atStart.get(hop.name) ?? [];
    const w = whenIdle.get(hop.name) ?? [];
    console.log(`    ${hop.name}: p50 ${ms(pct(s, 50))} | ${ms(pct(w, 50))}; p90 ${ms(pct(s, 90))} | ${ms(pct(w, 90))}`);
  }
});
