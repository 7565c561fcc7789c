import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

const GROUP_AND_OTHER = 0o077;

/**
 * Creates `DATA_DIR` 0700, and from now on this process creates files and folders without group
 * or other permissions. Call it before the stores open.
 */
export async function createDataDir(dataDir: string): Promise<void> {
  process.umask(GROUP_AND_OTHER);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
}

/**
 * Takes group and other permissions from `DATA_DIR` and everything in it. Call it after the stores
 * open: PGlite unpacks a new database's files 0666 whatever the umask, and a folder an earlier
 * version left open is closed the same way.
 */
export async function restrictDataDir(dataDir: string): Promise<void> {
  const stats = await lstat(dataDir);
  if (stats.isSymbolicLink()) return;
  if ((stats.mode & GROUP_AND_OTHER) !== 0) await chmod(dataDir, stats.mode & 0o700);
  if (!stats.isDirectory()) return;
  const entries = await readdir(dataDir);
  await Promise.all(entries.map((entry) => restrictDataDir(join(dataDir, entry))));
}
