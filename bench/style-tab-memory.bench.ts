// Issue 29 #6, the page agent's part per tab where a remixlet has only a style.css (the most common kind, as
// in a stylesheet manager): 20 tabs of bench.test/index.html, the PSS of every process of the browser
// (/proc, Chromium's own process list over CDP) with the remixlet on against the same tabs with it off,
// alternated round by round, per tab, every tab's heap collected before each read. Beside it, the floor: an
// extension that does what such a manager does (one content script and the same stylesheet, both from its
// manifest, at document_start) in the same page, against the same page on a host it does not match. The
// same rule in both: a rule that draws something costs the page's renderer far more than one that matches
// nothing (bench/HISTORY.md, thirty-eighth session). What the two differ by is the page agent's own cost on
// such a page (its start, its hello and ports, the gate, the worker's pinning sheet) beyond the browser's for
// the effect. Prints figures; asserts nothing.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { test } from '../tests/e2e/harness';
import { openPanel, uiCall } from '../tests/e2e/remixlet';
import { installBench, serveBenchPage, sleep } from './kit';

const TABS = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const STYLE = '.promo { outline: 1px solid red; }\n';

/** Every tab's heap collected first, so that the figure is what the tabs hold, not when their collector last ran. */
async function collected(tabs: Page[]): Promise<void> {
  for (const tab of tabs) {
    const session = await tab.context().newCDPSession(tab);
    await session.send('HeapProfiler.collectGarbage');
    await session.detach();
  }
}

/** PSS of every process of this browser, summed. */
async function browserPss(context: BrowserContext): Promise<number> {
  const session = await context.browser()!.newBrowserCDPSession();
  const { processInfo } = (await session.send('SystemInfo.getProcessInfo' as never)) as { processInfo: Array<{ id: number }> };
  await session.detach();
  let total = 0;
  for (const p of processInfo) {
    try {
      total += Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${p.id}/smaps_rollup`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      // The process ended between the list and the read.
    }
  }
  return total;
}

const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Puts every tab in the base state and then the measured one, round after round, and prints the difference
 * per tab. The first round is a warm-up (the first loads of a fresh browser grow its processes' caches) and
 * is printed apart.
 */
async function perTab(context: BrowserContext, tabs: Page[], label: string, base: () => Promise<void>, measured: () => Promise<void>): Promise<void> {
  const diffs: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    await base();
    await sleep(3_000);
    await collected(tabs);
    const before = await browserPss(context);
    await measured();
    await sleep(3_000);
    await collected(tabs);
    diffs.push((await browserPss(context)) - before);
  }
  const [warmup, ...rest] = diffs.map((d) => d / tabs.length);
  console.log(`  ${label}: per tab ${rest.map(MB).join(', ')} (median ${MB(median(rest))}; warm-up round ${MB(warmup!)})`);
}

test.describe('floor', () => {
  // The floor's extension is written for the test and removed after it.
  // eslint-disable-next-line no-empty-pattern
  test.use({ extensionPath: async ({}, use) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'remixlet-bench-style-floor-'));
    writeFileSync(path.join(dir, 'style.css'), STYLE);
    writeFileSync(path.join(dir, 'content.js'), 'void 0;\n');
    writeFileSync(
      path.join(dir, 'manifest.json'),
      JSON.stringify({ manifest_version: 3, name: 'Remixlet bench: a stylesheet manager', version: '1.0', content_scripts: [{ matches: ['*://bench.test/*'], js: ['content.js'], css: ['style.css'], run_at: 'document_start' }] }),
    );
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  } });

  test('per tab: a content script and a stylesheet from a manifest (the floor)', async ({ context, sites }) => {
    test.setTimeout(600_000);
    sites.addHost('unmatched.test');
    serveBenchPage(sites, 'unmatched.test', '/index.html', 'index.html');
    const tabs: Page[] = [];
    for (let i = 0; i < TABS; i++) tabs.push(await context.newPage());
    const all = async (url: string) => {
      for (const t of tabs) await t.goto(url);
    };
    await perTab(context, tabs, 'the same page where the extension matches, against a host it does not', () => all(sites.url('unmatched.test', '/index.html')), () => all(sites.url('bench.test', '/index.html')));
  });
});

test('per tab: a remixlet with a style.css alone, against it switched off', async ({ context, openPage, openExtensionPage, tabIdOf }) => {
  test.setTimeout(600_000);
  const first = await openPage('bench.test', '/index.html');
  const tabId = await tabIdOf(first);
  const panel = await openPanel(openExtensionPage, tabId);
  const id = await installBench(panel, tabId, { name: 'style alone', matches: ['*://bench.test/*'], style: STYLE });
  const tabs: Page[] = [first];
  while (tabs.length < TABS) tabs.push(await openPage('bench.test', '/index.html'));
  const reloadWith = async (enabled: boolean) => {
    await uiCall(panel, 'setEnabled', { remixletId: id, enabled });
    for (const t of tabs) await t.reload();
  };
  await perTab(context, tabs, 'on against off', () => reloadWith(false), () => reloadWith(true));
});
