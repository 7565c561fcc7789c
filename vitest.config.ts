import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import LongestFirst from './scripts/test-order.mjs';

/**
 * Tests that time the server's event loop (/health within 100 ms while a hostile upload, a rules
 * import or a large image is handled): they run after the others, one file at a time, so another
 * worker's load is not taken for the server's.
 */
const TIMED = [
  'packages/server/src/routes/fuzz.test.ts',
  'packages/server/src/routes/tags-load.test.ts',
  'packages/server/src/routes/export-templates.test.ts',
  'packages/server/src/routes/report-images.test.ts',
  'packages/server/src/store/tagging-rules.repo.test.ts',
];

export default defineConfig({
  test: {
    // A migrated PGlite database for the store tests to copy (packages/server/test/).
    globalSetup: ['packages/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Web component tests (`.test.tsx`) choose happy-dom with a `// @vitest-environment`
          // comment.
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/server/test/**/*.test.ts',
            'packages/web/src/**/*.test.tsx',
          ],
          exclude: [...configDefaults.exclude, ...TIMED],
          // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where
          // most files wait on their databases and servers (1,032 s in a fresh clone; 645 s on two).
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'timed', include: TIMED, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
