import {
  SCHEDULE_CALLS,
  type Schedule,
  type ScheduleInput,
  type ScheduleRun,
  type SchedulesAnswer,
} from '@yuqing/core';
import { call } from './call';

/**
 * `GET /schedules`: the project's schedules and the channels they may send to (members). `quiet`
 * where a failed read needs no message (the report list's section of schedules).
 */
export function fetchSchedules(options: { quiet?: boolean } = {}): Promise<SchedulesAnswer> {
  return call(SCHEDULE_CALLS.list, {}, options);
}

/**
 * `POST /schedules` (a new schedule) or `PUT ?id=` (an edited one). Quiet: the drawer says 保存失败
 * with the server's reason.
 */
export function saveSchedule(input: ScheduleInput, id?: string): Promise<Schedule> {
  return id
    ? call(SCHEDULE_CALLS.update, { query: { id }, body: input }, { quiet: true })
    : call(SCHEDULE_CALLS.add, { body: input }, { quiet: true });
}

/** `DELETE /schedules?id=`. */
export async function deleteSchedule(id: string): Promise<void> {
  await call(SCHEDULE_CALLS.remove, { query: { id } });
}

/** `POST /schedules/send?id=`: 立即发送; answers the run it started. */
export async function sendScheduleNow(id: string): Promise<string> {
  return (await call(SCHEDULE_CALLS.send, { query: { id } })).run_id;
}

/**
 * `GET /schedules/runs?id=`: a schedule's runs, newest first. Quiet: the history reads again
 * every few seconds while a run is sending, and says itself when a read fails.
 */
export async function fetchScheduleRuns(id: string): Promise<ScheduleRun[]> {
  return (await call(SCHEDULE_CALLS.runs, { query: { id } }, { quiet: true })).runs;
}

/**
 * `POST /schedules/subscribe?id=`: the viewer's own subscription by `email`, or none (null).
 * Quiet: the dialog says why it failed.
 */
export function subscribeToSchedule(id: string, email: string | null): Promise<Schedule> {
  return call(SCHEDULE_CALLS.subscribe, { query: { id }, body: { email } }, { quiet: true });
}
