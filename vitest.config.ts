import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Web component tests (`.test.tsx`) choose happy-dom with a `// @vitest-environment` comment.
    include: ['packages/*/src/**/*.test.ts', 'packages/web/src/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
