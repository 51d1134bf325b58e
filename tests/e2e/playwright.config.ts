import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * Real-browser suite: Debian Chromium (/usr/bin/chromium) with the unpacked extension from dist/.
 * The browser is launched by the harness fixtures (tests/e2e/harness), never by a Playwright
 * project/channel. globalSetup starts the run-wide TCP/UDP witnesses on their fixed ports.
 */
export default defineConfig({
  testDir: fileURLToPath(new URL('.', import.meta.url)),
  testMatch: '**/*.spec.ts',
  outputDir: fileURLToPath(new URL('../../test-results/e2e', import.meta.url)),
  globalSetup: fileURLToPath(new URL('./harness/global-setup.ts', import.meta.url)),
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
