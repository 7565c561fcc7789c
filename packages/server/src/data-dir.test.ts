import { chmod, lstat, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDataDir, restrictDataDir } from './data-dir.js';
import { DuckDbEngine } from './engine/duckdb/engine.js';
import { openStore } from './store/index.js';

/** Every path under `dir` (itself included) whose mode gives group or others any permission. */
async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (path: string) => {
    const stats = await lstat(path);
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & 0o077) !== 0) found.push(`${path} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory())
      for (const entry of await readdir(path)) await visit(join(path, entry));
  };
  await visit(dir);
  return found;
}

describe('the data folder', () => {
  let parent: string;
  const umask = process.umask();
  afterEach(async () => {
    process.umask(umask);
    await rm(parent, { recursive: true, force: true });
  });

  it("is created 0700, and the stores' files in it are the owner's only", async () => {
    process.umask(0o022);
    parent = await mkdtemp(join(tmpdir(), 'yuqing-data-dir-'));
    const dataDir = join(parent, 'data');
    await createDataDir(dataDir);
    const store = await openStore({ dataDir });
    const engine = await DuckDbEngine.open({
      path: join(dataDir, 'posts.duckdb'),
      stagingDir: join(dataDir, 'staging'),
    });
    await restrictDataDir(dataDir);
    await engine.close();
    await store.close();

    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect((await readdir(join(dataDir, 'metadata'))).length).toBeGreaterThan(10);
    expect(await openToOthers(dataDir)).toEqual([]);
  });

  it('closes a folder an earlier version left open to others', async () => {
    parent = await mkdtemp(join(tmpdir(), 'yuqing-data-dir-'));
    const dataDir = join(parent, 'data');
    await mkdir(join(dataDir, 'metadata', 'base'), { recursive: true });
    await writeFile(join(dataDir, 'posts.duckdb'), '');
    await writeFile(join(dataDir, 'metadata', 'base', '1'), '');
    for (const path of [dataDir, join(dataDir, 'metadata'), join(dataDir, 'metadata', 'base')]) {
      await chmod(path, 0o777);
    }
    await chmod(join(dataDir, 'posts.duckdb'), 0o644);
    await chmod(join(dataDir, 'metadata', 'base', '1'), 0o666);

    await restrictDataDir(dataDir);

    expect(await openToOthers(dataDir)).toEqual([]);
    expect((await stat(join(dataDir, 'posts.duckdb'))).mode & 0o777).toBe(0o600);
  });
});
