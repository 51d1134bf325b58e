// Test helpers (Node, Playwright runner) for the sandbox suites: install remixlets on a page through the
// real activation path, read which sandboxes the offscreen document holds, run probe remixlets and read
// their results back from the remixlet log, and reach the sandbox page's own window over CDP.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, type TargetInfo } from '../harness';
import { install, manifest, openPanel, readLog } from '../remixlet';
import { WatchedTarget } from './cdp-events';

export interface LiveSandbox {
  sandboxId: string;
  remixletId: string;
}

type Evaluate = <T>(expression: string) => Promise<T>;

/** The sandbox frames in the offscreen document, checked against the host's own table of live sandboxes. */
export async function liveSandboxes(evaluateInOffscreen: Evaluate): Promise<LiveSandbox[]> {
  const r = await evaluateInOffscreen<{ frames: LiveSandbox[]; ids: string[]; bound: number }>(`({
    frames: [...document.querySelectorAll('iframe:not([data-spare])')].map((f) => ({ sandboxId: f.dataset.sandboxId, remixletId: f.dataset.remixletId })),
    ids: remixletLiveSandboxes(),
    bound: document.querySelectorAll('iframe[data-spare][data-sandbox-id], iframe[data-spare][data-remixlet-id]').length,
  })`);
  // A frame without an entry, or an entry without a frame, would be a leak of its own. Spare frames, loaded
  // ahead of need (offscreen/spares.ts), belong to no remixlet until one is bound to a sandbox.
  expect(r.frames.map((f) => f.sandboxId).sort()).toEqual([...r.ids].sort());
  expect(r.bound).toBe(0);
  return r.frames;
}

/** Polls until the live sandboxes, as "remixletId" per sandbox, sorted, equal `expected`. */
export async function expectLive(evaluateInOffscreen: Evaluate, expected: string[], timeout = 8_000): Promise<LiveSandbox[]> {
  let last: LiveSandbox[] = [];
  await expect
    .poll(
      async () => {
        last = await liveSandboxes(evaluateInOffscreen).catch(() => []);
        return last.map((s) => s.remixletId).sort();
      },
      { timeout },
    )
    .toEqual([...expected].sort());
  return last;
}

export interface Installing {
  name: string;
  matches: string[];
  script: string;
  excludeMatches?: string[];
  runAt?: 'document_start' | 'document_end' | 'document_idle';
  permissions?: Array<{ name: string; reason: string }>;
}

/** Opens the side panel for the page's tab, installs each remixlet, and reloads the page so they run. */
export async function installOn(page: Page, tabIdOf: (p: Page) => Promise<number>, openExtensionPage: (path: string) => Promise<Page>, remixlets: Installing[]) {
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  const ids: string[] = [];
  for (const r of remixlets) {
    const installed = await install(panel, tabId, {
      'manifest.json': manifest({ name: r.name, matches: r.matches, ...(r.excludeMatches ? { excludeMatches: r.excludeMatches } : {}), ...(r.permissions ? { permissions: r.permissions } : {}), ...(r.runAt ? { runAt: r.runAt } : {}) }),
      'script.js': r.script,
    });
    ids.push(installed.remixletId);
  }
  await page.reload();
  // The panel opened in front of it; a page in a background tab gets no animation frames, and the page
  // agent reports changes once per frame.
  await page.bringToFront();
  return { panel, tabId, ids };
}

export async function logMessages(panel: Page, remixletId: string): Promise<string[]> {
  return (await readLog(panel, remixletId)).map((e) => e.message).reverse();
}

/** Waits for a log line that matches, and returns every line (oldest first). */
export async function waitForLog(panel: Page, remixletId: string, match: RegExp, timeout = 10_000): Promise<string[]> {
  let lines: string[] = [];
  await expect
    .poll(
      async () => {
        lines = await logMessages(panel, remixletId);
        return lines.some((l) => match.test(l));
      },
      { timeout },
    )
    .toBe(true)
    .catch(() => {
      // The lines it did write tell a remixlet that never ran from one that stopped, or a slow machine.
      throw new Error(`log of ${remixletId} never matched ${match}; it has:\n${lines.join('\n') || '(nothing)'}`);
    });
  return lines;
}

/**
 * Source put ahead of a probe remixlet. Addresses are built at run time with R(...) so the save-time
 * check (which sees only literals) lets them through and the sandbox itself is what is tested. Each
 * probe records whether it threw and with what; report() writes the results to the log as JSON.
 */
export const PROBE_KIT = String.raw`
const R = (...parts) => parts.join('');
const __results = [];
const __show = (v) => { try { return typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)); } catch { return String(v); } };
async function probe(id, fn) {
  try {
    const value = await Promise.race([
      Promise.resolve().then(fn),
      new Promise((_, reject) => setTimeout(() => reject(new Error('still pending after 2000 ms')), 2000)),
    ]);
    __results.push({ id, outcome: 'ran', detail: __show(value).slice(0, 300) });
  } catch (e) {
    __results.push({ id, outcome: 'threw', detail: (e && e.name ? e.name + ': ' + e.message : __show(e)).slice(0, 300) });
  }
}
async function report(tag) {
  const text = JSON.stringify(__results);
  const size = 3000;
  const parts = Math.ceil(text.length / size);
  for (let i = 0; i < parts; i++) await rmx.log('probes ' + tag + ' ' + i + '/' + parts + ' ' + text.slice(i * size, (i + 1) * size));
}
`;

export interface ProbeResult {
  id: string;
  outcome: 'ran' | 'threw';
  detail: string;
}

/** Waits for a probe remixlet's report and parses it. */
export async function probeResults(panel: Page, remixletId: string, tag: string, timeout = 20_000): Promise<Map<string, ProbeResult>> {
  const prefix = `probes ${tag} `;
  let chunks: string[] = [];
  await expect
    .poll(
      async () => {
        const lines = (await logMessages(panel, remixletId)).filter((l) => l.startsWith(prefix));
        const total = Number(/^\d+\/(\d+) /.exec(lines[0]?.slice(prefix.length) ?? '')?.[1] ?? NaN);
        chunks = lines;
        return lines.length === total;
      },
      { timeout, message: `probe report "${tag}" never arrived` },
    )
    .toBe(true);
  const text = chunks
    .map((l) => l.slice(prefix.length))
    .sort((a, b) => Number(a.split('/')[0]) - Number(b.split('/')[0]))
    .map((l) => l.slice(l.indexOf(' ') + 1))
    .join('');
  const list = JSON.parse(text) as ProbeResult[];
  return new Map(list.map((r) => [r.id, r]));
}

/** The sandbox page's window (the realm remixlet code never gets), over CDP, with its console collected. */
/** The sandbox page frames' targets: sandboxes' and spare frames' alike (they load the same page). */
export async function sandboxFrameTargets(listTargets: () => Promise<TargetInfo[]>): Promise<TargetInfo[]> {
  return (await listTargets()).filter((t) => t.type === 'iframe' && /\/sandbox\/sandbox\.html$/.test(t.url));
}

export async function sandboxWindow(context: BrowserContext, listTargets: () => Promise<TargetInfo[]>, index = 0): Promise<WatchedTarget> {
  let frames: TargetInfo[] = [];
  await expect
    .poll(async () => {
      frames = await sandboxFrameTargets(listTargets);
      return frames.length > index;
    })
    .toBe(true);
  return WatchedTarget.attach(context, frames[index]!);
}
