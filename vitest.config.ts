// Unit tests run in Node; the Solid plugin in vite.config.ts is not wanted here.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/unit/**/*.test.ts'],
    // The page agent's unit bundle, built once and shared by every DOM test file (tests/unit/page-agent/bundle.ts).
    globalSetup: ['tests/unit/global-setup.ts'],
    // Deadlines only a hang would miss: the page-agent tests drive a real Chromium, and on two cores beside a
    // second copy of the suite a heavy case has taken over 20 s.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // Vitest's default on two cores is one worker (cores - 1); two bring the unit run from about 260 to 190 s
    // there, with the Chromium-driven files sharing the cores as the e2e workers do.
    maxWorkers: 2,
    // Worker threads, not child processes: the same files, tests and isolation per file, with less to start
    // for each file (on two cores, the whole run 138 → 125–130 s and 190 → 166–173 CPU-s, measured back to back).
    pool: 'threads',
  },
});
