// Helpers for the page agent's real-browser tests: the lab page (fixtures/sites/lab.test) served with data
// for a remixlet to read (JSON in <script type="application/json"> elements, read with dom.query(...).text(),
// so no hostile string is ever a literal in script.js), one remixlet installed through the real activation
// path, and its results read back from the page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, sitesDir, type Sites } from '../harness';
import { install, manifest, openPanel, readLog } from '../remixlet';

const CHUNK_CHARS = 90_000;

/** Escapes a JSON text so it cannot end the <script> element it sits in. */
function inert(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function chunks(entries: unknown[]): string[] {
  const out: string[] = [];
  let current: unknown[] = [];
  let size = 2;
  for (const e of entries) {
    // Measured as it will be written: the escapes below make "<" six characters long.
    const n = inert(JSON.stringify(e)).length + 1;
    if (current.length && size + n > CHUNK_CHARS) {
      out.push(JSON.stringify(current));
      current = [];
      size = 2;
    }
    current.push(e);
    size += n;
  }
  if (current.length) out.push(JSON.stringify(current));
  return out.map(inert);
}

/** The lab page with data blocks named by key (each split so no block's text passes h.text()'s cap), and `markup` at #lab. */
export function labPage(data: Record<string, unknown[]>, markup = ''): string {
  const html = readFileSync(path.join(sitesDir, 'lab.test', 'index.html'), 'utf8');
  const blocks = Object.entries(data)
    .flatMap(([key, entries]) => chunks(entries).map((c) => `<script type="application/json" class="lab-data" data-key="${key}">${c}</script>`))
    .join('\n');
  return html.replace('<div id="lab"></div>', `${blocks}\n<div id="lab">${markup}</div>`);
}

/** Helpers every lab remixlet starts with (plain JS, prepended to its script.js). */
export const PRELUDE = `
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function readData(key) {
  const out = [];
  for (const block of await dom.queryAll('script.lab-data[data-key="' + key + '"]', { limit: 1000 })) out.push(...JSON.parse(await block.text()));
  return out;
}
async function settle(promise) {
  try {
    return { ok: true, value: await promise };
  } catch (e) {
    return { ok: false, code: e && e.code, reason: e && e.reason };
  }
}
async function report(results, key = '#results') {
  await (await dom.query(key)).setText(JSON.stringify(results));
}
async function status(text) {
  await (await dom.query('#status')).setText(text);
}
/** Runs fn over items in rounds, pausing between them, to stay inside the dom call budget. */
async function inRounds(items, size, fn, pauseMs = 120) {
  const out = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
    await pause(pauseMs);
  }
  return out;
}
`;

export interface LabFixtures {
  sites: Sites;
  openPage: (host: string, path?: string, opts?: { https?: boolean }) => Promise<Page>;
  openExtensionPage: (path: string) => Promise<Page>;
  tabIdOf: (page: Page) => Promise<number>;
}

export interface Lab {
  page: Page;
  panel: Page;
  tabId: number;
  remixletId: string;
  results<T = Record<string, unknown>>(selector?: string): Promise<T>;
}

/** Serves the lab page at `route` with `data`, installs a remixlet running PRELUDE + `script`, reloads, and waits for `waitStatus`. */
export async function runLab(
  fx: LabFixtures,
  opts: { route: string; data?: Record<string, unknown[]>; markup?: string; rewrite?: (html: string) => string; script: string; style?: string; name?: string; excludeMatches?: string[]; waitStatus?: string; timeout?: number; https?: boolean },
): Promise<Lab> {
  const body = (opts.rewrite ?? ((html: string) => html))(labPage(opts.data ?? {}, opts.markup));
  fx.sites.route('lab.test', opts.route, () => ({ headers: { 'content-type': 'text/html; charset=utf-8' }, body }));
  const page = await fx.openPage('lab.test', opts.route, { https: opts.https ?? false });
  const tabId = await fx.tabIdOf(page);
  const panel = await openPanel(fx.openExtensionPage, tabId);
  const files = {
    'manifest.json': manifest({ name: opts.name ?? 'Lab remixlet', matches: ['*://lab.test/*'], ...(opts.excludeMatches ? { excludeMatches: opts.excludeMatches } : {}) }),
    'script.js': `${PRELUDE}\n${opts.script}`,
    ...(opts.style !== undefined ? { 'style.css': opts.style } : {}),
  };
  const installed = await install(panel, tabId, files);
  await page.reload();
  try {
    await expect(page.locator('#status')).toHaveText(opts.waitStatus ?? 'done', { timeout: opts.timeout ?? 30_000 });
  } catch (e) {
    // The remixlet's log says why it stopped; without it a timeout here says nothing.
    const log = await readLog(panel, installed.remixletId).catch(() => []);
    throw new Error(`${String(e)}\nremixlet log (newest first):\n${log.slice(0, 15).map((l) => `${l.level}: ${l.message.slice(0, 300)}`).join('\n')}`);
  }
  return {
    page,
    panel,
    tabId,
    remixletId: installed.remixletId,
    results: async <T,>(selector = '#results') => JSON.parse((await page.locator(selector).textContent()) ?? 'null') as T,
  };
}

/** What the page canary recorded: script that ran in the page and dialogs it opened. */
export async function canary(page: Page): Promise<{ canary: number; calls: string[] }> {
  return page.evaluate(() => ({ canary: (window as unknown as { __canary: number }).__canary, calls: (window as unknown as { __calls: string[] }).__calls }));
}

export interface SaveOutcome {
  status: string;
  remixletId?: string;
  refusals?: Array<{ code: string; reason: string; file?: string }>;
  error?: string;
}

/**
 * Many ui.save calls from the panel page at once (each on its own port, as uiCall frames them), for
 * payloads expected to be refused: a refused save changes nothing, so they may run side by side.
 */
export async function saveMany(panel: Page, tabId: number, filesList: Array<Record<string, string>>, remixletId?: string): Promise<SaveOutcome[]> {
  return panel.evaluate(
    async ({ tabId, filesList, remixletId }) => {
      const one = (files: Record<string, string>) =>
        new Promise<SaveOutcome>((resolve) => {
          const port = chrome.runtime.connect({ name: 'ui' });
          const id = Math.floor(Math.random() * 1e9);
          port.onMessage.addListener((msg: { trpc?: { id?: unknown; result?: { data: SaveOutcome }; error?: { message: string } } }) => {
            if (msg?.trpc?.id !== id) return;
            port.disconnect();
            resolve(msg.trpc.result ? msg.trpc.result.data : { status: 'error', error: msg.trpc.error?.message });
          });
          port.onDisconnect.addListener(() => resolve({ status: 'error', error: 'port closed' }));
          port.postMessage({ trpc: { id, method: 'mutation', params: { path: 'ui.save', input: { tabId, files, ...(remixletId ? { remixletId } : {}) } } } });
        });
      const out: SaveOutcome[] = new Array(filesList.length);
      let next = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next < filesList.length) {
            const i = next++;
            out[i] = await one(filesList[i]!);
          }
        }),
      );
      return out;
    },
    { tabId, filesList, remixletId },
  );
}
