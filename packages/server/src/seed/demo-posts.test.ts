import type { ImportStatus } from '@yuqing/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, signIn } from '../../test/app.js';
import { seedDemoPosts } from './demo-posts.js';
import { DEMO, seedIfEmpty } from './seed.js';

describe('seedDemoPosts', () => {
  let test: Awaited<ReturnType<typeof openTestApp>>;
  let projectId: string;

  beforeAll(async () => {
    test = await openTestApp('pglite');
    await seedIfEmpty(test.store, 'demo-password');
    projectId = (await test.store.tenancy.findProject(DEMO))!.id;
  });
  afterAll(() => test.close());

  const count = (query = {}) => test.engine.count({ projectId, timeZone: 'Asia/Shanghai' }, query);

  it('commits batch by batch, newest first, reporting progress', async () => {
    const { store, engine, importer } = test;
    const stop = new AbortController();
    const stopped = seedDemoPosts(store, engine, importer, 25, {
      batch: 10,
      signal: stop.signal,
      onProgress: () => stop.abort(),
    });
    await expect(stopped).rejects.toThrow();
    expect(importer.progress.statusOf(projectId).running).toBe(false);
    // The first batch committed: the newest 10 of 25 posts spread over 180 days.
    expect(await count()).toBe(10);
    expect(await count({ start: Date.now() - 80 * 86_400_000 })).toBe(10);

    // The next start adds the batches that are missing, each committed before the next.
    const seen: ImportStatus[] = [];
    const report = await seedDemoPosts(store, engine, importer, 25, {
      batch: 10,
      onProgress: () => seen.push(importer.progress.statusOf(projectId)),
    });
    expect(seen.map(({ running, rows, committed }) => [running, rows, committed])).toEqual([
      [true, 20, 10],
      [true, 25, 20],
    ]);
    expect(seen[0]!.total).toBe(25);
    expect(report?.imported).toBe(15);
    expect(await count()).toBe(25);
  });

  it('GET /posts/import_status answers the running import to the project members', async () => {
    const url = `/api/v1/posts/import_status`;
    expect((await test.app.inject({ method: 'GET', url, query: DEMO })).statusCode).toBe(401);
    const { cookie } = await signIn(test.app, { username: 'admin', password: 'demo-password' });
    const status = async () =>
      (await test.app.inject({ method: 'GET', url, query: DEMO, headers: { cookie } })).json();
    expect(await status()).toEqual({
      success: true,
      data: { running: false, total: 0, rows: 0, committed: 0 },
    });
    test.importer.progress.begin(projectId, 100_000, 20_000);
    test.importer.progress.update(projectId, { rows: 62_000 });
    expect((await status()).data).toEqual({
      running: true,
      total: 100_000,
      rows: 62_000,
      committed: 20_000,
    });
    test.importer.progress.end(projectId);
  });
});
