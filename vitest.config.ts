// Unit tests run in Node; the Solid plugin in vite.config.ts is not wanted here.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/unit/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
