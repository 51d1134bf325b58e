import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/** Benchmarks run in the real browser with the harness; they print figures and assert nothing. */
export default defineConfig({
  testDir: fileURLToPath(new URL('.', import.meta.url)),
  testMatch: '**/*.bench.ts',
  outputDir: fileURLToPath(new URL('../test-results/bench', import.meta.url)),
  globalSetup: fileURLToPath(new URL('../tests/e2e/harness/global-setup.ts', import.meta.url)),
  workers: 1,
  timeout: 180_000,
  reporter: 'list',
});
