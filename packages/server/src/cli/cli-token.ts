import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * DuckDB has one writing process, so while the server runs the import command sends files to it.
 * It proves it runs on this machine, as someone who may read the data folder, with this token.
 */
const fileOf = (dataDir: string) => join(dataDir, 'cli-token');

export async function writeCliToken(dataDir: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await writeFile(fileOf(dataDir), token, { mode: 0o600 });
  return token;
}

export async function readCliToken(dataDir: string): Promise<string | undefined> {
  return readFile(fileOf(dataDir), 'utf8').catch(() => undefined);
}
