import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Web component tests (`.test.tsx`) choose happy-dom with a `// @vitest-environment` comment.
    include: ['packages/*/src/**/*.test.ts', 'packages/web/src/**/*.test.tsx'],
    // A migrated PGlite database for the store tests to copy (packages/server/src/testing/).
    globalSetup: ['packages/server/src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
