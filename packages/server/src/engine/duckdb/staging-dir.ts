import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** An import batch on its way into the staging table (plain posts, briefly on disk). */
const BATCH_FILE = /^staging_[0-9a-f]+-\d+\.ndjson$/;

export function stagingBatchFile(stagingDir: string, table: string, seq: number): string {
  return join(stagingDir, `${table}-${seq}.ndjson`);
}

/**
 * Creates the staging folder, and removes the batch files of an import that a crash or a kill
 * interrupted: they hold posts in plain text and nothing else would ever delete them. Call it
 * holding the database's lock, so no other process's import is under way.
 */
export async function openStagingDir(stagingDir: string): Promise<void> {
  await mkdir(stagingDir, { recursive: true });
  for (const name of await readdir(stagingDir)) {
    if (BATCH_FILE.test(name)) await rm(join(stagingDir, name), { force: true });
  }
}
