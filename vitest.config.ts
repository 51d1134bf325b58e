// Unit tests run in Node; the Solid plugin in vite.config.ts is not wanted here.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/unit/**/*.test.ts'],
    // Deadlines only a hang would miss: the page-agent tests drive a real Chromium, and on two cores beside a
    // second copy of the suite a heavy case has taken over 20 s.
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
