// The packaging test runs after `npm run package` has written release/; kept apart from the unit tests,
// which must not depend on a build.
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { environment: 'node', include: ['tests/package/**/*.test.ts'] } });
