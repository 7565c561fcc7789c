import { existsSync } from 'node:fs';
import ExcelJS from 'exceljs';
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
import { JobRunner } from '../jobs/job-runner.js';
import { DOWNLOAD_RETRY, downloadJobKind } from './download-job.js';
import { Exports } from './exports.js';
import { POST_COLUMNS } from './posts-file.js';

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
    // This suite runs its own runners, as a restarted process or another server would.
    await ctx.app.jobRunner.stop();
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
  const clock = { offset: 0 };
  const runner = (options: { embedded?: boolean } = {}) => {
    const exports = new Exports({
      store: ctx.store,
      runner: { engine: ctx.engine, answers: new AnswerCache(() => ctx.engine.writeGeneration) },
      files: ctx.app.exportFiles,
      retentionDays: 7,
    });
    return new JobRunner(ctx.store, {
      embedded: kind === 'pglite',
      clock: () => Date.now() + clock.offset,
      ...options,
    }).register(
      downloadJobKind({
        store: ctx.store,
        exports,
        files: ctx.app.exportFiles,
        logError: () => {},
      }),
    );
  };
  /** What a server killed mid-job leaves: the job claimed and running until `leaseUntil`. */
  const leftRunning = async (id: string, leaseUntil: number) => {
    const claimed = await ctx.store.jobs.claim('download', DOWNLOAD_RETRY.attempts, new Date(), {
      owner: 'killed-server',
      until: new Date(leaseUntil),
    });
    expect(claimed?.id).toBe(id);
    await ctx.store.downloadJobs.start(id);
  };
  const attemptsOf = async (id: string) => (await ctx.store.jobs.find(id))!.attempts;
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
    const running = runner();
    await running.start();
    const job = await settled(id);
    await running.stop();
    expect(job).toMatchObject({ status: 'done', rows: POSTS, error: null });
    expect(await attemptsOf(id)).toBe(1);
    expect(existsSync(ctx.app.exportFiles.pathOf(job.file!))).toBe(true);
  });

  it('writes the posts in the order the page lists them (its search widget: newest first)', async () => {
    const id = await enqueue();
    const running = runner();
    await running.start();
    const job = await settled(id);
    await running.stop();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(ctx.app.exportFiles.pathOf(job.file!));
    const sheet = workbook.getWorksheet('文章')!;
    const written = sheet
      .getRows(2, sheet.rowCount - 1)!
      .map((row) => row.getCell(POST_COLUMNS.length).value);
    const scope = { projectId: project.id, timeZone: project.profile.timezone };
    const listed = await ctx.engine.search(
      scope,
      {},
      { size: POSTS, page: 0, sort: 'created desc' },
    );
    expect(written).toEqual(listed.list.map((post) => post._id));
  });

  it('takes up a job a stopped process left running (embedded: at start; a cluster: once its lease ran out)', async () => {
    const id = await enqueue();
    await leftRunning(id, Date.now() - 1);
    const restarted = runner();
    await restarted.start();
    const job = await settled(id);
    await restarted.stop();
    expect(job).toMatchObject({ status: 'done', rows: POSTS });
    // Embedded, the stopped process's try is not counted.
    expect(await attemptsOf(id)).toBe(kind === 'pglite' ? 1 : 2);
  });

  it('does not take a job another server is still writing', async () => {
    const id = await enqueue();
    await leftRunning(id, Date.now() + DAY);
    const other = runner({ embedded: false });
    await other.start();
    await other.idle();
    await other.stop();
    expect((await ctx.store.downloadJobs.find(id))!.status).toBe('running');
    await ctx.store.downloadJobs.remove(id);
    expect(await ctx.store.jobs.find(id)).toBeUndefined();
  });

  it('ends a job that keeps failing as failed, with its reason, after its tries and backoff', async () => {
    const id = await enqueue('no-such-page');
    const running = runner();
    await running.start();
    await running.idle();
    expect(await ctx.store.downloadJobs.find(id)).toMatchObject({
      status: 'queued',
      error: expect.stringContaining('页面 no-such-page 不存在'),
    });
    for (let attempt = 1; attempt < DOWNLOAD_RETRY.attempts; attempt++) {
      clock.offset += DOWNLOAD_RETRY.backoffMs(attempt);
      running.wake('download');
      await running.idle();
    }
    const job = await settled(id);
    await running.stop();
    clock.offset = 0;
    expect(job).toMatchObject({ status: 'failed', file: null });
    expect(await attemptsOf(id)).toBe(3);
    expect(job.error).toContain('页面 no-such-page 不存在');
  });

  it('ends a job whose process keeps dying as failed', async () => {
    const id = await enqueue();
    for (let attempt = 0; attempt < DOWNLOAD_RETRY.attempts; attempt++) {
      await ctx.store.jobs.claim('download', DOWNLOAD_RETRY.attempts, new Date(), {
        owner: 'dying-server',
        until: new Date(Date.now() - 1),
      });
    }
    const later = runner({ embedded: false });
    await later.start();
    await later.idle();
    await later.stop();
    const job = (await ctx.store.downloadJobs.find(id))!;
    expect(job.status).toBe('failed');
    expect(job.error).toBe('导出进程多次中断，任务已停止');
  });
});
