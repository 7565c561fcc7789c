import {
  SCHEDULES_API,
  schedule,
  scheduleRunsAnswer,
  schedulesAnswer,
  sendNowAnswer,
  type Schedule,
  type ScheduleInput,
  type ScheduleRun,
  type SchedulesAnswer,
} from '@yuqing/core';
import { noData, request } from './client';

/**
 * `GET /schedules`: the project's schedules and the channels they may send to (members). `quiet`
 * where a failed read needs no message (the report list's section of schedules).
 */
export function fetchSchedules(options: { quiet?: boolean } = {}): Promise<SchedulesAnswer> {
  return request(SCHEDULES_API.schedules, schedulesAnswer, options);
}

/**
 * `POST /schedules` (a new schedule) or `PUT ?id=` (an edited one). Quiet: the drawer says 保存失败
 * with the server's reason.
 */
export function saveSchedule(input: ScheduleInput, id?: string): Promise<Schedule> {
  return request(SCHEDULES_API.schedules, schedule, {
    method: id ? 'PUT' : 'POST',
    params: { id },
    body: input,
    quiet: true,
  });
}

/** `DELETE /schedules?id=`. */
export function deleteSchedule(id: string): Promise<void> {
  return request(SCHEDULES_API.schedules, noData, { method: 'DELETE', params: { id } });
}

/** `POST /schedules/send?id=`: 立即发送; answers the run it started. */
export async function sendScheduleNow(id: string): Promise<string> {
  const answer = await request(SCHEDULES_API.send, sendNowAnswer, {
    method: 'POST',
    params: { id },
  });
  return answer.run_id;
}

/**
 * `GET /schedules/runs?id=`: a schedule's runs, newest first. Quiet: the history reads again
 * every few seconds while a run is sending, and says itself when a read fails.
 */
export async function fetchScheduleRuns(id: string): Promise<ScheduleRun[]> {
  return (await request(SCHEDULES_API.runs, scheduleRunsAnswer, { params: { id }, quiet: true }))
    .runs;
}

/**
 * `POST /schedules/subscribe?id=`: the viewer's own subscription by `email`, or none (null).
 * Quiet: the dialog says why it failed.
 */
export function subscribeToSchedule(id: string, email: string | null): Promise<Schedule> {
  return request(SCHEDULES_API.subscribe, schedule, {
    method: 'POST',
    params: { id },
    body: { email },
    quiet: true,
  });
}
