import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { localParts, scheduleInput } from '@yuqing/core';
import { JobRunner } from '../jobs/job-runner.js';
import type { Store } from '../store/index.js';
import { buildProject, buildUser } from '../../test/factories.js';
import { openTestStore, testStoreKinds } from '../../test/stores.js';
import { reportScheduleJobKind } from './schedule-job.js';

const TZ = 'Asia/Shanghai';
const HOUR = 3_600_000;
/** Epoch ms of a Shanghai wall clock (UTC+8 all year). */
const cst = (iso: string) => Date.parse(`${iso}+08:00`);

describe.each(testStoreKinds())('report schedules of runners sharing a %s store', (kind) => {
  let store: Store;
  let scope: { projectId: string; subjectId: string };
  let author: { id: string; name: string };
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    store = await openTestStore(kind);
    const project = await buildProject(store);
    scope = { projectId: project.id, subjectId: '' };
    author = { id: (await buildUser(store, { project, role: 'admin' })).id, name: '管理员' };
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  });
  afterAll(() => store.close());

  /** A server's runner of schedules with its clock at `now`, run until idle. */
  async function runDue(now: number): Promise<void> {
    const runner = new JobRunner(store, { clock: () => now, pollMs: 3_600_000 }).register(
      reportScheduleJobKind({ store, wake: () => {} }),
    );
    runners.push(runner);
    await runner.start();
    await runner.idle();
  }

  async function addSchedule(fields: object, firstRunAt: number) {
    const input = scheduleInput.parse({
      name: '日报',
      page: 'overview',
      frequency: 'daily',
      ...fields,
    });
    return store.reportSchedules.add(scope, author, input, new Date(firstRunAt));
  }

  const periodsOf = async (id: string) =>
    (await store.reportSchedules.runs(id)).map((run) =>
      [localParts(run.period_start.getTime(), TZ), localParts(run.period_end.getTime(), TZ)]
        .map((parts) => `${parts.month}-${parts.day}`)
        .join('~'),
    );

  it('sends a period once when back from being down over two run times, then goes on', async () => {
    const schedule = await addSchedule({ time: '08:00' }, cst('2026-11-24T08:00:00'));
    // Down from the 23rd to the 26th at 09:30: the 24th's, 25th's and 26th's runs passed.
    await runDue(cst('2026-11-26T09:30:00'));
    expect(await periodsOf(schedule.id)).toEqual(['11-25~11-26']);
    expect((await store.reportSchedules.nextRuns([schedule.id])).get(schedule.id)).toBe(
      cst('2026-11-27T08:00:00'),
    );
    await runDue(cst('2026-11-26T10:00:00'));
    expect(await periodsOf(schedule.id)).toHaveLength(1);
    await runDue(cst('2026-11-27T08:00:05'));
    expect(await periodsOf(schedule.id)).toEqual(['11-26~11-27', '11-25~11-26']);
  });

  it('sends a weekly period once when two servers find it due together', async () => {
    const schedule = await addSchedule(
      { frequency: 'weekly', weekday: 1, time: '08:00' },
      cst('2026-11-30T08:00:00'),
    );
    const due = cst('2026-11-30T08:00:01');
    await Promise.all([runDue(due), runDue(due), runDue(due + 5_000)]);
    expect(await periodsOf(schedule.id)).toEqual(['11-23~11-30']);
    const sends = await store.jobs.find((await store.reportSchedules.runs(schedule.id))[0]!.id);
    expect(sends).toMatchObject({ kind: 'report-send', status: 'queued' });
  });

  it('sends a day-31 monthly schedule on the last day of November, for October', async () => {
    const schedule = await addSchedule(
      { frequency: 'monthly', day: 31, time: '07:00' },
      cst('2026-11-30T07:00:00'),
    );
    await runDue(cst('2026-11-30T07:00:00') + HOUR);
    expect(await periodsOf(schedule.id)).toEqual(['10-1~11-1']);
    expect((await store.reportSchedules.nextRuns([schedule.id])).get(schedule.id)).toBe(
      cst('2026-12-31T07:00:00'),
    );
  });

  it('ends the sends of a disabled schedule, and queues them again once it is saved enabled', async () => {
    const input = scheduleInput.parse({
      name: '停用',
      page: 'overview',
      frequency: 'daily',
      enabled: false,
    });
    const schedule = await store.reportSchedules.add(
      scope,
      author,
      input,
      new Date(cst('2026-12-01T08:00:00')),
    );
    await runDue(cst('2026-12-01T09:00:00'));
    expect(await periodsOf(schedule.id)).toEqual([]);
    expect((await store.jobs.find(schedule.id))?.status).toBe('done');
    await store.reportSchedules.update(
      scope,
      schedule.id,
      { ...input, enabled: true },
      new Date(cst('2026-12-02T08:00:00')),
    );
    await runDue(cst('2026-12-02T08:30:00'));
    expect(await periodsOf(schedule.id)).toEqual(['12-1~12-2']);
  });
});
