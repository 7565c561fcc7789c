import { lastRunAtOrBefore, nextRunAfter, runPeriod } from '@yuqing/core';
import { defineJobKind, RECURRING_RETRY } from '../jobs/job-kind.js';
import { messageOf } from '../refusals.js';
import { scheduleInputOf } from '../store/report-schedules.repo.js';
import type { Store } from '../store/index.js';

export interface ReportScheduleDeps {
  store: Store;
  /** Wakes the runner's report-send lane for the run just started. */
  wake: () => void;
}

/**
 * A schedule's sends as a recurring job kind (the job has the schedule's id), due at each of its
 * run times: a run starts for the period of the latest run time passed, so a server that was
 * down over several run times sends the latest period once; the period's unique run keeps two
 * servers (or a retry) from sending it twice. A disabled or deleted schedule's job ends; saving
 * the schedule queues it again.
 */
export function reportScheduleJobKind({ store, wake }: ReportScheduleDeps) {
  return defineJobKind({
    name: 'report-schedule',
    retry: RECURRING_RETRY,
    describe: (error) => `定时报告排期失败: ${messageOf(error)}`,
    interrupted: '定时报告排期多次中断，已停止',
    async run({ id, now }) {
      const schedule = await store.reportSchedules.find(id);
      if (!schedule?.enabled) return;
      const project = await store.tenancy.findProjectById(schedule.project_id);
      if (!project) return;
      const timeZone = project.profile.timezone;
      const timing = scheduleInputOf(schedule);
      const at = now().getTime();
      const runAt = lastRunAtOrBefore(timing, at, timeZone);
      const period = runPeriod(timing, runAt, timeZone);
      if (await store.reportSchedules.startRun(schedule, period, false, now())) wake();
      return { nextRunAt: new Date(nextRunAfter(timing, at, timeZone)) };
    },
  });
}
