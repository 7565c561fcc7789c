import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../config.js';
import { startServer } from '../main.js';
import { DEMO } from '../seed/seed.js';
import { importFile } from './import-file.js';
import { readRunningServer } from './running-server.js';

const posts = () =>
  Readable.from(
    [
      { _id: 'cli-1', created: '2024-05-01T08:00:00', text: '续航很好' },
      { _id: 'cli-2', created: '2024-05-02T08:00:00', text: '售后一般' },
      { _id: 'cli-3', created: '2024-05-03T08:00:00', like_num: -1 },
    ].map((post) => `${JSON.stringify(post)}\n`),
  );

const configIn = (dataDir: string, port: string) =>
  readConfig({
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'cli-import-test',
    LOG_LEVEL: 'silent',
    DEMO_POSTS: '0',
    // The server runs in the test runner's process, whose other threads are not the server's.
    BACKGROUND_NICE: '0',
  });

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'yuqing-cli-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Another process holding the posts database, as a server of an older release would. */
async function holdPostsDatabase(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { DuckDBInstance } from '@duckdb/node-api';
       await DuckDBInstance.create(process.argv[1]);
       console.log('held');
       setInterval(() => {}, 1000);`,
      join(dataDir, 'posts.duckdb'),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  cleanups.push(async () => {
    child.kill();
    await once(child, 'exit');
  });
  await once(child.stdout!, 'data');
  return child;
}

describe('importFile', () => {
  it('sends the file to the server running on the data folder, whatever PORT says', async () => {
    const dataDir = await tempDir();
    const server = await startServer(configIn(dataDir, '0'));
    cleanups.push(() => server.close());
    expect(await readRunningServer(dataDir)).toMatchObject({
      url: `http://127.0.0.1:${server.port}`,
    });

    const elsewhere = configIn(dataDir, String(server.port === 1 ? 2 : 1));
    const { report, via } = await importFile(elsewhere, {
      scope: DEMO,
      file: 'posts.jsonl',
      strict: false,
      body: posts(),
    });
    expect(via).toBe('server');
    expect(report).toMatchObject({
      imported: 2,
      rejected: 1,
      errors: [{ line: 3, field: 'like_num', message: '点赞数不能小于 0' }],
    });
  });

  it('says that no server runs and where it looked, and leaves no data folder behind', async () => {
    const missing = join(await tempDir(), 'no-such-data');
    const request = { scope: DEMO, file: 'posts.jsonl', strict: false, body: posts() };
    await expect(importFile(configIn(missing, '0'), request)).rejects.toThrow(
      `没有找到正在运行的服务器，数据文件夹 ${missing} 也不存在`,
    );
    await expect(stat(missing)).rejects.toThrow();

    const empty = await tempDir();
    const other = { repository: 'x', customer: 'y', project: 'z' };
    await expect(
      importFile(configIn(empty, '0'), { ...request, scope: other, body: posts() }),
    ).rejects.toThrow(
      `项目不存在: x/y/z（未找到正在运行的服务器，已在数据文件夹 ${empty} 中查找）`,
    );
  });

  it('says in Chinese and English which process holds the posts database', async () => {
    const dataDir = await tempDir();
    const holder = await holdPostsDatabase(dataDir);
    const importing = importFile(configIn(dataDir, '1'), {
      scope: DEMO,
      file: 'posts.jsonl',
      strict: false,
      body: posts(),
    });
    await expect(importing).rejects.toThrow(
      new RegExp(
        `帖子库正被另一个进程 \\(PID ${holder.pid}\\) 占用[\\s\\S]*held by another process`,
      ),
    );
  });
});
