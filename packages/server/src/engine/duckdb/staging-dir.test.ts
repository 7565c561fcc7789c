import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DuckDbEngine } from './engine.js';

describe('the staging folder', () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('loses the batch files an interrupted import left when the engine opens', async () => {
    dir = await mkdtemp(join(tmpdir(), 'yuqing-staging-test-'));
    const stagingDir = join(dir, 'staging');
    const engine = await DuckDbEngine.open({ path: join(dir, 'posts.duckdb'), stagingDir });
    await engine.close();
    await writeFile(join(stagingDir, 'staging_0123456789abcdef-8192.ndjson'), '{"title":"机密"}');
    await writeFile(join(stagingDir, 'notes.txt'), 'not ours');

    const reopened = await DuckDbEngine.open({ path: join(dir, 'posts.duckdb'), stagingDir });
    await reopened.close();

    expect(await readdir(stagingDir)).toEqual(['notes.txt']);
  });
});
