import { defineConfig } from '@playwright/test';

/**
 * Real-browser suite: Debian Chromium (/usr/bin/chromium) with the unpacked extension from dist/.
 * The browser is launched by the harness fixtures (tests/e2e/harness), never by a Playwright
 * project/channel. globalSetup starts the run-wide TCP/UDP witnesses on their fixed ports.
 * Paths are relative to this file, so testDir '.' is tests/e2e.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results/e2e',
  globalSetup: './harness/global-setup.ts',
  workers: 2,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: 'list',
  forbidOnly: !!process.env.CI,
  use: {
    trace: 'off',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
});
