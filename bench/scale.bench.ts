// Issue 10 #6: 20 tabs × 5 remixlets (100 sandboxes). Reports the memory a sandbox costs (renderer
// processes' PSS from /proc, with the same 20 tabs open and the remixlets switched off as the comparison;
// JS heaps of the offscreen document, of sandbox frames and their runtime workers, and of the service
// worker from CDP Runtime.getHeapUsage), and then closes the tabs and says whether every sandbox went.
// Sandbox frames live in their own (OOPIF) renderer processes, so a per-process view is the honest one.
// Prints figures; asserts nothing.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { test, type TargetInfo } from '../tests/e2e/harness';
import { openPanel, uiCall } from '../tests/e2e/remixlet';
import { installBench, sleep } from './kit';

const TABS = 20;
const REMIXLETS = 5;

// Five ordinary remixlets: a keep, a mark, a listener, an observer, a read.
const SCRIPTS = [
  `let p = null; rmx.keep('promo', { check: async () => { p = await dom.query('.promo:not([style*="none"])'); return !p; }, repair: () => p?.hide() });`,
  `const t = await dom.query('#target'); await t?.addClass('seen');`,
  `const t = await dom.query('#target'); await t?.on('click', () => rmx.log('clicked'));`,
  `await dom.observe('#list li', (items) => void items.length, { existing: true });`,
  `const items = await dom.queryAll('#list li'); rmx.log('items ' + items.length);`,
];

const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface Proc {
  type: string;
  id: number;
}

/** PSS of every renderer process of this browser, by pid (from /proc; Chromium's own process list over CDP). */
async function rendererPss(context: BrowserContext): Promise<Map<number, number>> {
  const session = await context.browser()!.newBrowserCDPSession();
  const { processInfo } = (await session.send('SystemInfo.getProcessInfo' as never)) as { processInfo: Proc[] };
  await session.detach();
  const out = new Map<number, number>();
  for (const p of processInfo.filter((x) => x.type === 'renderer')) {
    try {
      const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${p.id}/smaps_rollup`, 'utf8'));
      if (pss) out.set(p.id, Number(pss[1]) * 1024);
    } catch {
      // The process ended between the list and the read.
    }
  }
  return out;
}

const sum = (xs: Iterable<number>) => [...xs].reduce((a, b) => a + b, 0);

type Attach = (t: TargetInfo) => Promise<{ send<T>(m: string, p?: Record<string, unknown>): Promise<T>; detach(): Promise<void> }>;

async function heapOf(attach: Attach, target: TargetInfo): Promise<number | undefined> {
  const s = await attach(target);
  try {
    const r = await Promise.race([s.send<{ usedSize: number }>('Runtime.getHeapUsage'), sleep(3_000).then(() => undefined)]);
    return r?.usedSize;
  } finally {
    await s.detach();
  }
}

async function waitForSandboxes(evaluateInOffscreen: <T>(e: string) => Promise<T>, count: number, timeoutMs: number): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    const n = (await evaluateInOffscreen<string[]>('remixletLiveSandboxes()')).length;
    if (n === count) return Date.now() - t0;
    if (Date.now() - t0 > timeoutMs) throw new Error(`${n} sandboxes live, expected ${count}`);
    await sleep(250);
  }
}

test('20 tabs × 5 remixlets: memory per sandbox, and every sandbox gone with its tab', async ({ context, openPage, openExtensionPage, tabIdOf, evaluateInOffscreen, cdp }) => {
  test.setTimeout(240_000);
  const first = await openPage('bench.test', '/index.html');
  const tabId = await tabIdOf(first);
  const panel = await openPanel(openExtensionPage, tabId);
  const ids: string[] = [];
  for (const [i, script] of SCRIPTS.entries()) ids.push(await installBench(panel, tabId, { name: `bench scale ${i}`, matches: ['*://bench.test/*'], script }));
  const setAll = async (enabled: boolean) => {
    for (const id of ids) await uiCall(panel, 'setEnabled', { remixletId: id, enabled });
  };
  await setAll(false);
  await waitForSandboxes(evaluateInOffscreen, 0, 10_000);

  const tabs: Page[] = [first];
  while (tabs.length < TABS) tabs.push(await openPage('bench.test', '/index.html'));
  const reloadAll = async () => {
    for (const t of tabs) await t.reload();
  };

  const targets = () => cdp.listTargets();
  const heaps = async () => {
    const all = await targets();
    const offscreen = await heapOf(cdp.attach, await cdp.findOffscreenTarget());
    const worker = await heapOf(cdp.attach, all.find((t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://'))!);
    return { offscreen: offscreen ?? NaN, worker: worker ?? NaN, all };
  };

  await sleep(1_500);
  const offMem = await rendererPss(context);
  const offHeaps = await heaps();

  await setAll(true);
  const t0 = Date.now();
  await reloadAll();
  await waitForSandboxes(evaluateInOffscreen, TABS * REMIXLETS, 120_000);
  const startedMs = Date.now() - t0;
  await sleep(1_500);
  const onMem = await rendererPss(context);
  const onHeaps = await heaps();
  const frames = onHeaps.all.filter((t) => t.type === 'iframe' && t.url.includes('/sandbox/sandbox.html'));
  // Every sandbox frame of a process shares that process's main isolate; this is the whole of it.
  const frameIsolateHeap = frames.length ? await heapOf(cdp.attach, frames[0]!).catch(() => undefined) : undefined;

  for (const t of tabs.slice(1)) await t.close();
  await first.goto('about:blank');
  const goneMs = await waitForSandboxes(evaluateInOffscreen, 0, 30_000).catch(() => NaN);
  const leftFrames = (await targets()).filter((t) => t.type === 'iframe' && t.url.includes('/sandbox/sandbox.html')).length;
  const domFrames = await evaluateInOffscreen<number>('document.querySelectorAll("iframe[data-sandbox-id]").length');
  // Frames loaded ahead of need for pages that were loading (offscreen/spares.ts); they expire on their own.
  const spares = await evaluateInOffscreen<number>('remixletSpareSandboxes()');
  await sleep(1_500);
  const afterMem = await rendererPss(context);

  const n = TABS * REMIXLETS;
  const added = [...onMem.keys()].filter((pid) => !offMem.has(pid));
  const kept = [...onMem.keys()].filter((pid) => offMem.has(pid));
  const sandboxPss = sum(added.map((pid) => onMem.get(pid)!));
  const keptGrowth = sum(kept.map((pid) => onMem.get(pid)! - offMem.get(pid)!));
  console.log(`scale: ${TABS} tabs × ${REMIXLETS} remixlets = ${n} sandboxes (all started within ${(startedMs / 1000).toFixed(1)} s of reloading the tabs)`);
  console.log(`  renderer PSS, same ${TABS} tabs: remixlets off ${MB(sum(offMem.values()))} in ${offMem.size} processes; on ${MB(sum(onMem.values()))} in ${onMem.size}`);
  console.log(`  processes that came with the sandboxes: ${added.length}, ${MB(sandboxPss)} → ${MB(sandboxPss / n)} per sandbox (frame + runtime worker)`);
  console.log(`  growth of the processes already there (pages with their page agents, the extension's own process): ${MB(keptGrowth)} → ${MB(keptGrowth / TABS)} per tab`);
  console.log(`  offscreen document JS heap: ${MB(offHeaps.offscreen)} → ${MB(onHeaps.offscreen)} (${MB((onHeaps.offscreen - offHeaps.offscreen) / n)} per sandbox); sandbox frames' shared isolate heap ${MB(frameIsolateHeap ?? NaN)} (${frames.length} frames)`);
  console.log(`  service worker JS heap: ${MB(offHeaps.worker)} → ${MB(onHeaps.worker)}`);
  console.log(`  after closing the tabs: ${Number.isNaN(goneMs) ? 'sandboxes still live after 30 s' : `0 sandboxes after ${(goneMs / 1000).toFixed(1)} s`}; sandbox frame targets left ${leftFrames}; frames in the offscreen document ${domFrames} (+${spares} spare, unbound); renderer PSS ${MB(sum(afterMem.values()))} in ${afterMem.size} processes`);
});
