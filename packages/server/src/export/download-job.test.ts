import { existsSync } from 'node:fs';
import { pageQuery, type AddJobRequest } from '@yuqing/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerCache } from '../search/answer-cache.js';
import { demoDashboard } from '../seed/demo-dashboard.js';
import { seedDemoPosts } from '../seed/demo-posts.js';
import { DEMO, seedIfEmpty } from '../seed/seed.js';
import type { ProjectRecord } from '../store/index.js';
import { openTestApp } from '../../test/app.js';
import { buildUser } from '../../test/factories.js';
import { testStoreKinds } from '../../test/stores.js';
import { DownloadWorker, type DownloadWorkerOptions } from './download-worker.js';
import { Exports } from './exports.js';

const DAY = 86_400_000;
const POSTS = 400;

describe.each(testStoreKinds())('offline download jobs on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: ProjectRecord;
  let ownerId: string;
  const now = Date.now();

  beforeAll(async () => {
    ctx = await openTestApp(kind);
    await ctx.app.ready();
    // This suite runs its own workers, as a restarted process or another server would.
    await ctx.app.downloadWorker.stop();
    await seedIfEmpty(ctx.store);
    project = (await ctx.store.tenancy.findProject(DEMO))!;
    await seedDemoPosts(ctx.store, ctx.engine, ctx.importer, POSTS);
    const user = await buildUser(ctx.store, {
      project: { id: project.id, ...DEMO },
      role: 'viewer',
    });
    ownerId = (await ctx.store.users.findByUsername(user.username))!.id;
  }, 300_000);
  afterAll(() => ctx.close());

  const request = (page = 'information'): AddJobRequest => ({
    page,
    query: {
      ...pageQuery(demoDashboard.pages.information!, now, 'Asia/Shanghai'),
      start: Date.UTC(2000, 0, 1),
      end: now + DAY,
    },
    now,
    format: 'xlsx',
  });
  const enqueue = (page?: string) =>
    ctx.store.downloadJobs.enqueue({
      projectId: project.id,
      ownerId,
      format: 'xlsx',
      name: 'posts.xlsx',
      total: POSTS,
      expiresAt: new Date(now + 7 * DAY),
      request: { scope: DEMO, role: 'viewer', export: request(page) },
    });
  const worker = (options: Partial<DownloadWorkerOptions> = {}) => {
    const exports = new Exports({
      store: ctx.store,
      runner: { engine: ctx.engine, answers: new AnswerCache(() => ctx.engine.writeGeneration) },
      files: ctx.app.exportFiles,
      retentionDays: 7,
    });
    return new DownloadWorker(ctx.store, exports, ctx.app.exportFiles, ctx.app.log, {
      embedded: kind === 'pglite',
      ...options,
    });
  };
  const settled = async (id: string) => {
    for (let tries = 0; tries < 300; tries++) {
      const job = await ctx.store.downloadJobs.find(id);
      if (job?.status === 'done' || job?.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`job ${id} did not settle`);
  };

  it('writes a queued job: every post, its file recorded, its progress at the total', async () => {
    const id = await enqueue();
    const running = worker();
    await running.start();
    const job = await settled(id);
    await running.stop();
    expect(job).toMatchObject({ status: 'done', rows: POSTS, attempts: 1, error: null });
    expect(existsSync(ctx.app.exportFiles.pathOf(job.file!))).toBe(true);
  });

  it('takes up a job a stopped process left running (embedded: at start; a cluster: once its heartbeat is stale)', async () => {
    const id = await enqueue();
    // What a process killed mid-job leaves behind: the job claimed and running, no file.
    const claimed = await ctx.store.downloadJobs.claim(new Date(now - DAY));
    expect(claimed?.id).toBe(id);
    const restarted = worker({ staleMs: 20 });
    await new Promise((resolve) => setTimeout(resolve, 40));
    await restarted.start();
    const job = await settled(id);
    await restarted.stop();
    expect(job).toMatchObject({ status: 'done', rows: POSTS, attempts: 2 });
  });

  it('does not take a job another server is still writing', async () => {
    const id = await enqueue();
    await ctx.store.downloadJobs.claim(new Date(now - DAY));
    const other = worker({ embedded: false, staleMs: 60_000 });
    await other.start();
    await other.idle();
    await other.stop();
    expect((await ctx.store.downloadJobs.find(id))!.status).toBe('running');
    await ctx.store.downloadJobs.remove(id);
  });

  it('ends a job that keeps failing as failed, with its reason, after its attempts', async () => {
    const id = await enqueue('no-such-page');
    const running = worker();
    await running.start();
    const job = await settled(id);
    await running.stop();
    expect(job).toMatchObject({ status: 'failed', attempts: 3, file: null });
    expect(job.error).toContain('页面 no-such-page 不存在');
  });

  it('ends a job whose process keeps dying as failed', async () => {
    const id = await enqueue();
    for (let attempt = 0; attempt < 3; attempt++) {
      await ctx.store.downloadJobs.claim(new Date(Date.now() + DAY));
    }
    const later = worker({ embedded: false, staleMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await later.start();
    await later.idle();
    await later.stop();
    const job = (await ctx.store.downloadJobs.find(id))!;
    expect(job).toMatchObject({ status: 'failed', attempts: 3 });
    expect(job.error).toBe('导出进程多次中断，任务已停止');
  });
});
