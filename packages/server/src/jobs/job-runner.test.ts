import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/index.js';
import { openTestStore, testStoreKinds } from '../../test/stores.js';
import { exponentialBackoff, type JobKind, type JobRun } from './job-kind.js';
import { JobRunner, type JobRunnerOptions } from './job-runner.js';

const LEASE_MS = 60_000;

/** Waits (on real time, a few ms a look) until `check` holds. */
async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    if (await check()) return;
    await sleep(10);
  }
  throw new Error('never happened');
}

describe.each(testStoreKinds())('JobRunner on %s', (storeKind) => {
  let store: Store;
  const clock = { now: Date.UTC(2026, 0, 1) };
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    store = await openTestStore(storeKind);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  });
  afterAll(() => store.close());

  /** A runner of one kind (named `download` here: the name only picks the queue). */
  function runnerOf(kind: Partial<JobKind>, options: JobRunnerOptions = {}) {
    const runner = new JobRunner(store, {
      clock: () => clock.now,
      leaseMs: LEASE_MS,
      pollMs: 3_600_000,
      ...options,
    }).register({
      name: 'download',
      retry: exponentialBackoff(3, 1_000),
      describe: (error) => `失败: ${(error as Error).message}`,
      interrupted: '多次中断',
      run: async () => {},
      ...kind,
    });
    runners.push(runner);
    return runner;
  }
  const enqueue = () =>
    store.jobs.enqueue({ kind: 'download', payload: {}, runAt: new Date(clock.now) });
  const jobOf = async (id: string) => (await store.jobs.find(id))!;
  async function pass(runner: JobRunner) {
    runner.wake('download');
    await runner.idle();
  }

  it('runs a queued job and records it done, with when it started and finished', async () => {
    const id = await enqueue();
    const seen: unknown[] = [];
    const runner = runnerOf({ run: async (job) => void seen.push(job.id) });
    await runner.start();
    await runner.idle();
    expect(seen).toEqual([id]);
    expect(await jobOf(id)).toMatchObject({
      status: 'done',
      attempts: 1,
      error: null,
      claimed_by: null,
      started_at: new Date(clock.now),
      finished_at: new Date(clock.now),
    });
  });

  it('retries a failing job after a backoff that doubles, then fails it with its error', async () => {
    const id = await enqueue();
    const heard: [string, Date | undefined][] = [];
    const runner = runnerOf({
      run: () => Promise.reject(new Error('连接断开')),
      failed: async (_job, error, retryAt) => void heard.push([error, retryAt]),
    });
    await runner.start();
    await runner.idle();
    const start = clock.now;
    expect(await jobOf(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      error: '失败: 连接断开',
      next_run_at: new Date(start + 1_000),
    });
    clock.now = start + 999;
    await pass(runner);
    expect((await jobOf(id)).attempts).toBe(1);
    clock.now = start + 1_000;
    await pass(runner);
    expect(await jobOf(id)).toMatchObject({ attempts: 2, next_run_at: new Date(start + 3_000) });
    clock.now = start + 3_000;
    await pass(runner);
    expect(await jobOf(id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: '失败: 连接断开',
      finished_at: new Date(start + 3_000),
    });
    expect(heard).toEqual([
      ['失败: 连接断开', new Date(start + 1_000)],
      ['失败: 连接断开', new Date(start + 3_000)],
      ['失败: 连接断开', undefined],
    ]);
  });

  it('fails a job at once when its kind says the error will not pass', async () => {
    const id = await enqueue();
    const runner = runnerOf({
      run: () => Promise.reject(new Error('拒绝')),
      retryable: () => false,
    });
    await runner.start();
    await runner.idle();
    expect(await jobOf(id)).toMatchObject({ status: 'failed', attempts: 1, error: '失败: 拒绝' });
  });

  it('takes up a job whose runner stopped beating once its lease ran out, and not before', async () => {
    const id = await enqueue();
    // What a server killed mid-job leaves: the job claimed, running, its lease running out.
    const now = new Date(clock.now);
    await store.jobs.claim('download', 3, now, {
      owner: 'killed-server',
      until: new Date(clock.now + LEASE_MS),
    });
    const ran: number[] = [];
    const runner = runnerOf({ run: async (job) => void ran.push(job.attempt) });
    await runner.start();
    await runner.idle();
    expect(ran).toEqual([]);
    expect(await jobOf(id)).toMatchObject({ status: 'running', claimed_by: 'killed-server' });
    clock.now += LEASE_MS + 1;
    await pass(runner);
    expect(ran).toEqual([2]);
    expect(await jobOf(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('ends a job whose runs keep being cut off, once no try is left', async () => {
    const id = await enqueue();
    for (let attempt = 0; attempt < 3; attempt++) {
      await store.jobs.claim('download', 3, new Date(clock.now), {
        owner: 'dying-server',
        until: new Date(clock.now),
      });
      clock.now += 1;
    }
    const heard: string[] = [];
    const runner = runnerOf({ failed: async (_job, error) => void heard.push(error) });
    await runner.start();
    await runner.idle();
    expect(await jobOf(id)).toMatchObject({ status: 'failed', attempts: 3, error: '多次中断' });
    expect(heard).toEqual(['多次中断']);
  });

  it('extends the lease while the handler runs', async () => {
    const id = await enqueue();
    let release = () => {};
    const runner = runnerOf(
      { run: () => new Promise<void>((resolve) => (release = resolve)) },
      { heartbeatMs: 5 },
    );
    await runner.start();
    await until(async () => (await jobOf(id)).status === 'running');
    clock.now += LEASE_MS / 2;
    const beaten = new Date(clock.now + LEASE_MS);
    await until(async () => (await jobOf(id)).lease_until!.getTime() === beaten.getTime());
    release();
    await runner.idle();
    expect((await jobOf(id)).status).toBe('done');
  });

  it('gives a running job back when it stops, its try not counted, for the next runner', async () => {
    const id = await enqueue();
    const first = runnerOf({
      run: ({ signal }) =>
        new Promise<void>((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new Error('stopped')));
        }),
    });
    await first.start();
    await until(async () => (await jobOf(id)).status === 'running');
    await first.stop();
    expect(await jobOf(id)).toMatchObject({ status: 'queued', attempts: 0, error: null });
    const next = runnerOf({});
    await next.start();
    await next.idle();
    expect(await jobOf(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('never runs one job twice when two runners drain the queue at once', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, enqueue));
    const runs: string[] = [];
    const run = async (job: JobRun<unknown>) => {
      runs.push(job.id);
      await sleep(1);
    };
    const a = runnerOf({ run });
    const b = runnerOf({ run });
    await Promise.all([a.start(), b.start()]);
    await Promise.all([a.idle(), b.idle()]);
    expect(runs.sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await jobOf(id)).attempts).toBe(1);
  });

  it('deletes jobs that ended before the retention, with its sweep', async () => {
    const id = await enqueue();
    const runner = runnerOf({}, { retentionMs: 1_000, sweepMs: 0 });
    await runner.start();
    await runner.idle();
    expect((await jobOf(id)).status).toBe('done');
    clock.now += 1_001;
    const swept: Date[] = [];
    const sweeper = runnerOf(
      { sweep: async (now) => void swept.push(now) },
      {
        retentionMs: 1_000,
        sweepMs: 0,
      },
    );
    await sweeper.start();
    await sweeper.idle();
    expect(await store.jobs.find(id)).toBeUndefined();
    expect(swept).toEqual([new Date(clock.now)]);
  });
});
