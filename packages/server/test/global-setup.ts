import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { preparePGliteTemplate } from './stores.js';

/**
 * The unit run's global setup: one migrated, empty PGlite data folder that each PGlite test store
 * copies instead of running initdb and the migrations again (see stores.ts).
 */
export default async function setup(project: TestProject) {
  const root = await mkdtemp(join(tmpdir(), 'yuqing-test-pglite-'));
  project.provide('pgliteTemplate', await preparePGliteTemplate(root));
  return async () => {
    await rm(root, { recursive: true, force: true });
  };
}
