// Every switch Playwright passes to Chromium has a stated reason in the harness why it cannot hide a request
// a page, the page agent or a remixlet starts (tests/e2e/harness/browser.ts, PLAYWRIGHT_DEFAULT_SWITCHES): a
// Playwright upgrade that adds one fails here until someone says why it is harmless, or drops it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from 'vitest';
import { PLAYWRIGHT_DEFAULT_SWITCHES } from '../../e2e/harness/browser';

function playwrightSwitches(): string[] {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('playwright-core/package.json'));
  const bundle = readFileSync(path.join(dir, 'lib', 'coreBundle.js'), 'utf8');
  const start = bundle.indexOf('chromiumSwitches = (options) => [');
  expect(start, 'Playwright still defines chromiumSwitches').toBeGreaterThan(-1);
  const body = bundle.slice(start, bundle.indexOf('];', start));
  const found = [...body.matchAll(/"(--[a-z0-9-]+(?:=[a-z0-9]+)?)/g)].map((m) => m[1]!);
  expect(found.length).toBeGreaterThan(20);
  return found;
}

test("each of Playwright's default Chromium switches has a reason", () => {
  const missing = playwrightSwitches().filter((s) => !(s in PLAYWRIGHT_DEFAULT_SWITCHES));
  expect(missing).toEqual([]);
  for (const [name, why] of Object.entries(PLAYWRIGHT_DEFAULT_SWITCHES)) expect(why.length, name).toBeGreaterThan(10);
});
