import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Web component tests (`.test.tsx`) choose happy-dom with a `// @vitest-environment` comment.
    include: ['packages/*/src/**/*.test.ts', 'packages/web/src/**/*.test.tsx'],
    // A migrated PGlite database for the store tests to copy (packages/server/src/testing/).
    globalSetup: ['packages/server/src/testing/global-setup.ts'],
    testTimeout: 30_000,
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where the
    // suite then waits on its databases and servers one file at a time (17 min; 11 with two).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    hookTimeout: 60_000,
  },
});
