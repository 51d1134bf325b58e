import { defineConfig } from '@playwright/test';
import { SATURATES_GREP, WAITS_GREP } from './harness/tags';

/**
 * Real-browser suite: Debian Chromium (the binary /usr/lib/chromium/chromium, not the wrapper script) with the
 * unpacked extension from dist/.
 * The browser is launched by the harness fixtures (tests/e2e/harness), never by a Playwright
 * project/channel. globalSetup starts the run-wide TCP/UDP witnesses on their fixed ports.
 * Paths are relative to this file, so testDir '.' is tests/e2e.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results/e2e',
  globalSetup: './harness/global-setup.ts',
  // Two lanes for the CPU-bound tests (two cores), and a third that only idles on the browser's clock.
  workers: 3,
  fullyParallel: false,
  // The suite says the same thing every run: no second tries anywhere, and a test that would pass only on one
  // fails the run.
  retries: 0,
  failOnFlakyTests: true,
  // Deadlines only a hang would miss, also with a second copy of the suite on the same two cores (a browser
  // restart's rules took over 5 s to be back there).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: 'list',
  forbidOnly: !!process.env.CI,
  use: {
    trace: 'off',
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
  },
  // A test whose remixlets spin the CPU on purpose (floods, busy loops) runs alone, after the rest: on two
  // cores, two such tests side by side, or one beside another test's browser, starve the neighbour it checks
  // (the keep's round trips outgrow the page's 100 ms redraws and it backs off; seen on loaded CI machines).
  // A test that mostly waits on the browser's clock (an alarm a minute away) gets a lane of its own beside the
  // two shared ones: it launches its browsers and then idles, so its minute costs the run no core.
  projects: [
    { name: 'shared', grepInvert: new RegExp(`${SATURATES_GREP.source}|${WAITS_GREP.source}`), workers: 2 },
    { name: 'waits', grep: WAITS_GREP, workers: 1 },
    { name: 'alone', grep: SATURATES_GREP, workers: 1, dependencies: ['shared', 'waits'] },
  ],
});
