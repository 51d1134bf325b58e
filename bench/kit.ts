// Shared helpers for the real-browser benchmarks: install a remixlet through the worker's activation path,
// read the figures a remixlet logs, and summarise samples. Nothing here asserts a timing.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { HarnessFixtures } from '../tests/e2e/harness';
import { install, manifest, openPanel, readLog } from '../tests/e2e/remixlet';

export interface BenchRemixlet {
  name: string;
  matches: string[];
  script?: string;
  style?: string;
  runAt?: 'document_start' | 'document_end' | 'document_idle';
}

export async function installBench(panel: Page, tabId: number, r: BenchRemixlet): Promise<string> {
  const files = {
    'manifest.json': manifest({ name: r.name, matches: r.matches, ...(r.runAt ? { runAt: r.runAt } : {}) }),
    ...(r.script !== undefined ? { 'script.js': r.script } : {}),
    ...(r.style !== undefined ? { 'style.css': r.style } : {}),
  };
  return (await install(panel, tabId, files)).remixletId;
}

/** Log lines that start with `prefix`, oldest first, with the rest of the line parsed as JSON. */
export async function loggedFigures<T>(panel: Page, remixletId: string, prefix: string): Promise<T[]> {
  const lines = (await readLog(panel, remixletId)).map((e) => e.message).reverse();
  return lines.filter((m) => m.startsWith(`${prefix} `)).map((m) => JSON.parse(m.slice(prefix.length + 1)) as T);
}

/** Polls the log until `count` lines with `prefix` are there (or throws with the log's last lines). */
export async function waitForFigures<T>(panel: Page, remixletId: string, prefix: string, count = 1, timeoutMs = 30_000): Promise<T[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await loggedFigures<T>(panel, remixletId, prefix);
    if (found.length >= count) return found;
    if (Date.now() > deadline) {
      const tail = (await readLog(panel, remixletId)).slice(0, 8).map((e) => `${e.level}: ${e.message}`);
      throw new Error(`no ${count} "${prefix}" lines after ${timeoutMs} ms; last log lines:\n${tail.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The frame a person saw first, of the animation frames a page recorded: the last one before the first-paint
 * entry; or, when Remixlet's style gate still held that one (the page drawn fully transparent: Chromium reports
 * a first paint, but nothing of the page shows), the first frame after it with the gate down. Undefined when
 * the page recorded no such frame.
 */
export function firstSeenFrame<F extends { t: number; gated?: boolean }>(frames: readonly F[], firstPaint: number): F | undefined {
  let at = -1;
  for (let i = 0; i < frames.length; i++) if (frames[i]!.t <= firstPaint) at = i;
  if (at < 0) return undefined;
  while (at < frames.length && frames[at]!.gated) at++;
  return frames[at];
}

/** The p-th percentile (nearest rank). */
export function pct(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}

export const ms = (x: number) => `${x.toFixed(2)} ms`;
export const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;

/**
 * Serves one of bench.test's fixture pages (tests/e2e/fixtures/sites/bench.test) at another host or path for
 * the rest of the test: a path a remixlet's matches single out, or a host an extension does not match.
 */
export function serveBenchPage(sites: HarnessFixtures['sites'], host: string, routePath: string, file: string): void {
  const body = readFileSync(new URL(`../tests/e2e/fixtures/sites/bench.test/${file}`, import.meta.url));
  sites.route(host, routePath, () => ({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body }));
}

export const sleep = (msec: number) => new Promise<void>((r) => setTimeout(r, msec));

/**
 * One benchmark remixlet on one page: the page opened at `host` `path`, the remixlet installed through the panel,
 * the page reloaded so the remixlet runs there from its start and brought to the front, and the first line the
 * remixlet logs with the prefix READY (parsed as JSON).
 */
export async function benchOnPage<Ready>(
  { openPage, openExtensionPage, tabIdOf }: Pick<HarnessFixtures, 'openPage' | 'openExtensionPage' | 'tabIdOf'>,
  host: string,
  path: string,
  r: BenchRemixlet,
): Promise<{ page: Page; tabId: number; panel: Page; id: string; ready: Ready | undefined }> {
  const page = await openPage(host, path);
  const tabId = await tabIdOf(page);
  const panel = await openPanel(openExtensionPage, tabId);
  const id = await installBench(panel, tabId, r);
  await page.reload();
  await page.bringToFront();
  const [ready] = await waitForFigures<Ready>(panel, id, 'READY');
  return { page, tabId, panel, id, ready };
}
