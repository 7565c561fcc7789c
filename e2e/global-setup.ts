import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder with the demo seed and the default demo posts, to copy (see harness.ts). */
    demoDataDir: string;
  }
}

/**
 * Imports the demo posts once for the whole run instead of once per test file: the server starts
 * on a new data folder in a process of its own (see demo-data.ts), which each product copies.
 */
export default async function setup(project: TestProject) {
  const script = new URL('./demo-data.ts', import.meta.url).pathname;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
    cwd: new URL('.', import.meta.url).pathname,
    timeout: 120_000,
  });
  const dataDir = stdout.trim().split('\n').at(-1)!;
  if (!dataDir.includes('yuqing-e2e-demo-')) throw new Error(`no demo data folder: ${stdout}`);
  project.provide('demoDataDir', dataDir);
  return async () => {
    await rm(dataDir, { recursive: true, force: true });
  };
}
