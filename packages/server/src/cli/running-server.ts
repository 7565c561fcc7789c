import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * DuckDB has one writing process, so while the server runs the import command sends files to it.
 * The server leaves its address in the data folder, so the command finds it on whatever port it
 * listens, and a token that proves the command runs on this machine, as someone who may read
 * the data folder.
 */
export interface RunningServer {
  url: string;
  token: string;
}

const fileOf = (dataDir: string) => join(dataDir, 'server.json');

export function newCliToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The address to reach a server listening on `host`: a wildcard host is reached locally. */
export function localUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return `http://127.0.0.1:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

export async function writeRunningServer(dataDir: string, server: RunningServer): Promise<void> {
  await writeFile(fileOf(dataDir), JSON.stringify(server), { mode: 0o600 });
}

export async function removeRunningServer(dataDir: string): Promise<void> {
  await rm(fileOf(dataDir), { force: true });
}

export async function readRunningServer(dataDir: string): Promise<RunningServer | undefined> {
  const text = await readFile(fileOf(dataDir), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const { url, token } = JSON.parse(text) as Partial<RunningServer>;
    return typeof url === 'string' && typeof token === 'string' ? { url, token } : undefined;
  } catch {
    return undefined;
  }
}
