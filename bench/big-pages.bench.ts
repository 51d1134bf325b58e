// Issue 26 #5: every assistant tool that reads a page, on the 50,000-element page (big.test) and the largest
// real-page snapshots, called as the model calls it (through the worker, for a chat bound to the tab).
// For each: the median time of three calls and the size of the answer, beside the same run's floor (one
// empty page-side read of the same page, `document.getElementsByTagName('*').length`, over CDP). Prints
// figures; asserts nothing (tests/e2e/real-pages/first-look.spec.ts holds the size of the outline).
import type { Page } from '@playwright/test';
import { test } from '../tests/e2e/harness';
import { BIG_PAGE_HOST } from '../tests/e2e/harness/big-page';
import { REAL_PAGES_HOST, realPagePath } from '../tests/e2e/harness/real-pages';
import { assistantLook, type AssistantLook } from '../tests/e2e/real-pages/assistant-look';
import { pct } from './kit';

const LARGEST = ['yahoo-3', 'yahoo-1', 'wikipedia-2', 'nytimes-5', 'breitbart'];

const TOOLS: Array<[string, string, unknown]> = [
  ['outline_page', 'assistantOutline', {}],
  ['outline_page (body, 1500 lines)', 'assistantOutline', { selector: 'body', maxNodes: 1500 }],
  ['query_elements a ×50 with html', 'assistantQuery', { selector: 'a', limit: 50, html: true }],
  ['query_elements div ×10', 'assistantQuery', { selector: 'div', limit: 10 }],
  ['inspect_styles p ×10', 'assistantStyles', { selector: 'p', properties: ['display', 'color', 'font-size', 'margin'], limit: 10 }],
  ['read_page_data forms', 'assistantReadData', { source: 'forms' }],
  ['read_page_data structured_data', 'assistantReadData', { source: 'structured_data' }],
  ['read_page_data resources', 'assistantReadData', { source: 'resources' }],
];

async function timed<T>(f: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await f();
  return { ms: performance.now() - start, value };
}

async function measure(label: string, page: Page, look: AssistantLook): Promise<string[]> {
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  const floor: number[] = [];
  for (let i = 0; i < 3; i++) floor.push((await timed(() => page.evaluate(() => document.getElementsByTagName('*').length))).ms);
  const rows = [`${label}: ${elements} elements; floor (an empty read over CDP) ${pct(floor, 50).toFixed(1)} ms`];
  for (const [name, procedure, input] of TOOLS) {
    const times: number[] = [];
    let bytes = 0;
    let refused = '';
    for (let i = 0; i < 3; i++) {
      try {
        const r = await timed(() => look.call(procedure, input));
        times.push(r.ms);
        bytes = Buffer.byteLength(JSON.stringify(r.value), 'utf8');
      } catch (e) {
        refused = String(e).slice(0, 80);
      }
    }
    rows.push(`  ${name.padEnd(34)} ${times.length ? `${pct(times, 50).toFixed(0).padStart(6)} ms (${(pct(times, 50) / pct(floor, 50)).toFixed(0)}× floor)` : '      refused'}  ${(bytes / 1024).toFixed(1).padStart(7)} KB ${refused}`);
  }
  return rows;
}

test('assistant tools on big pages: time and size', async ({ openPage, openExtensionPage, tabIdOf }) => {
  test.setTimeout(600_000);
  const big = await openPage(BIG_PAGE_HOST, '/');
  const rows = await measure('big.test', big, await assistantLook(openExtensionPage, await tabIdOf(big)));
  const real = await openPage(REAL_PAGES_HOST, realPagePath(LARGEST[0]!));
  const look = await assistantLook(openExtensionPage, await tabIdOf(real));
  for (const name of LARGEST) {
    await real.goto(`http://${REAL_PAGES_HOST}${realPagePath(name)}`, { waitUntil: 'load' });
    rows.push(...(await measure(name, real, look)));
  }
  console.log(['', ...rows].join('\n'));
});
