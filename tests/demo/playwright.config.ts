import { defineConfig } from '@playwright/test';

/**
 * `npm start`'s demo, and nothing else: this config's testDir holds only demo.spec.ts, so a broken or
 * missing test elsewhere in tests/ cannot stop the demo. It uses the real-browser harness of tests/e2e
 * (Debian Chromium, the unpacked dist/, the fixture sites and the run-wide witnesses).
 */
export default defineConfig({
  testDir: '.',
  testMatch: 'demo.spec.ts',
  outputDir: '../../test-results/demo-run',
  globalSetup: '../e2e/harness/global-setup.ts',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: 'list',
  use: { trace: 'off', actionTimeout: 10_000, navigationTimeout: 15_000 },
});
