// Issue 29 #7 and issue 26 #5, by source: what the page agent's code costs the page's main thread while a real
// page loads, per source file of the page agent, with style.css alone and with the three keep-based
// remixlets (real-page-remixlets.ts), beside the page with no remixlet, in alternating rounds of the same run.
// Page-thread.bench.ts says which kind of task the time went to (IPC messages, garbage collection, …); this
// says whose code ran in them. Each load is sampled by V8's CPU profiler (CDP Profiler on the page's session,
// one sample per 100 µs, from the navigation to 1.5 s after the load event). A sample's function is put on
// its source file through the page agent's source map, which only a benchmark build writes, beside the
// bundle and named by no comment in it (vite.page-agent.config.ts); a native function the page agent called
// (postMessage, querySelector) counts as "native, called by the page agent"; the rest is the page's own
// scripts, the garbage collector, and "(program)" (the browser's own work, no script on the stack). The
// sampling slows what it samples, so read the rows against each other, not as times of an unsampled load.
// BENCH_BY=caller splits each package's row (zod, css-tree, tRPC) and each native the page agent called by the
// page agent's own source line nearest below it on the stack: which of our calls made that cost.
// Prints figures; asserts nothing. Needs a benchmark build (REMIXLET_BENCH=1).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import type { CDPSession } from '@playwright/test';
import { defaultDistDir, test } from '../tests/e2e/harness';
import { sleep } from './kit';
import { MODES, alternateModes, keepsOnRealPage, rowsByKeeps, type Mode } from './real-page-remixlets';

const PAGES = (process.env.BENCH_PAGES ?? 'nytimes-5,wikipedia-2').split(',');
const ROUNDS = 5;
const AFTER_LOAD_MS = 1_500;
const SAMPLE_US = 100;
const PAGE_AGENT = /\/page-agent\.js$/;
const BY_CALLER = process.env.BENCH_BY === 'caller';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

// The build under test's own map: REMIXLET_DIST may name another build than dist/ (an A/B).
const sourceMap = new SourceMapConsumer(JSON.parse(readFileSync(path.join(defaultDistDir, 'page-agent.js.map'), 'utf8')) as RawSourceMap);

/** The page agent's source file a function of its bundle came from, shortened (zod/v4/core, css-tree/lib/…). */
function sourceOf(line: number, column: number): string {
  if (line < 0 || column < 0) return 'page agent: (no position)';
  const source = sourceMap.originalPositionFor({ line: line + 1, column }).source;
  if (!source) return 'page agent: (unmapped)';
  const inPackage = source.lastIndexOf('node_modules/');
  if (inPackage >= 0) return source.slice(inPackage + 'node_modules/'.length).split('/').slice(0, 3).join('/');
  return /(?:^|\/)((?:contracts|page-agent)\/.*)$/.exec(source)?.[1] ?? source;
}

const isOwnSource = (source: string) => source.startsWith('contracts/') || source.startsWith('page-agent/');

/** The page agent's own source line nearest below a node on the stack (`page-agent/ops/watch.ts:93`), if any. */
function ownCaller(id: number | undefined, byId: Map<number, ProfileNode>, parent: Map<number, number>): string | undefined {
  for (; id !== undefined; id = parent.get(id)) {
    const { url, lineNumber, columnNumber } = byId.get(id)!.callFrame;
    if (!PAGE_AGENT.test(url)) continue;
    const source = sourceOf(lineNumber, columnNumber);
    if (isOwnSource(source)) return `${source}:${sourceMap.originalPositionFor({ line: lineNumber + 1, column: columnNumber }).line ?? '?'}`;
  }
  return undefined;
}

/** Milliseconds of samples per row: the page agent's source file, a native it called, or what else ran. */
function bySource(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const rowOf = new Map<number, string>();
  const row = (id: number): string => {
    const known = rowOf.get(id);
    if (known) return known;
    const { callFrame } = byId.get(id)!;
    let out: string;
    if (PAGE_AGENT.test(callFrame.url)) {
      out = sourceOf(callFrame.lineNumber, callFrame.columnNumber);
      const caller = BY_CALLER && !isOwnSource(out) ? ownCaller(parent.get(id), byId, parent) : undefined;
      if (caller) out += ` < ${caller}`;
    }
    else if (callFrame.url) out = callFrame.url.startsWith('chrome-extension://') ? 'the extension: other scripts' : "the page's own scripts";
    else if (callFrame.functionName.startsWith('(')) out = callFrame.functionName;
    else {
      // A native: whose call it was is the nearest caller with a script.
      let caller = parent.get(id);
      while (caller !== undefined && !byId.get(caller)!.callFrame.url) caller = parent.get(caller);
      out = caller !== undefined && PAGE_AGENT.test(byId.get(caller)!.callFrame.url) ? 'native, called by the page agent' : 'native, called by the page';
      const own = BY_CALLER && caller !== undefined && out.endsWith('page agent') ? ownCaller(caller, byId, parent) : undefined;
      if (own) out += `: ${callFrame.functionName} < ${own}`;
    }
    rowOf.set(id, out);
    return out;
  };
  const out = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const msec = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    out.set(row(id), (out.get(row(id)) ?? 0) + msec);
  });
  return out;
}

async function profiled(cdp: CDPSession, run: () => Promise<void>): Promise<Profile> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLE_US });
  await cdp.send('Profiler.start');
  await run();
  const { profile } = await cdp.send('Profiler.stop');
  return profile as unknown as Profile;
}

const isPageAgentRow = (row: string) => row.includes('/') || row.startsWith('page agent') || row.startsWith('native, called by the page agent');

for (const name of PAGES) {
  test(`the page agent's code on the real page ${name}, by source file`, async ({ openPage, openExtensionPage, tabIdOf }) => {
    test.setTimeout(600_000);
    const { page, url, look, enabledIn } = await keepsOnRealPage({ openPage, openExtensionPage, tabIdOf }, name);
    const sums = await alternateModes(page, look.panel, enabledIn, url, ROUNDS, async (_mode, cdp) => {
      const profile = await profiled(cdp, async () => {
        await page.goto(url, { waitUntil: 'load' });
        await sleep(AFTER_LOAD_MS);
      });
      return [...bySource(profile)].filter(([row]) => row !== '(idle)');
    });
    const cell = (mode: Mode, row: string) => (sums[mode].get(row) ?? 0).toFixed(1).padStart(7);
    const total = (mode: Mode, rows: string[]) => rows.reduce((a, row) => a + (sums[mode].get(row) ?? 0), 0).toFixed(1).padStart(7);
    const rows = rowsByKeeps(sums);
    const agentRows = rows.filter(isPageAgentRow);
    console.log(`${name}: CPU samples of the page's renderer, navigation to ${AFTER_LOAD_MS / 1000} s after load, ms per load (mean of ${ROUNDS}; ${MODES.join(', ')} in turn)`);
    console.log(`  ${'row'.padEnd(56)}     off   style   keeps`);
    for (const row of rows.filter((r) => !isPageAgentRow(r))) console.log(`  ${row.padEnd(56)} ${cell('off', row)} ${cell('style', row)} ${cell('keeps', row)}`);
    console.log(`  ${"the page agent's code, with the natives it called".padEnd(56)} ${total('off', agentRows)} ${total('style', agentRows)} ${total('keeps', agentRows)}`);
    for (const row of agentRows.slice(0, BY_CALLER ? 60 : 30)) console.log(`    ${row.padEnd(54)} ${cell('off', row)} ${cell('style', row)} ${cell('keeps', row)}`);
  });
}
