import { z } from 'zod';
import { defineCall } from '../calls/call.js';
import { projectScope } from '../location.js';
import {
  SCHEDULES_API,
  SCHEDULE_MAX_PER_PROJECT,
  schedule,
  scheduleId,
  scheduleInput,
  scheduleRunsAnswer,
  schedulesAnswer,
  sendNowAnswer,
  subscribeRequest,
} from './schedule.js';

const tags = ['schedules'];

/** A schedule of the project, named by `?id=` beside the project scope. */
const scopedId = projectScope.extend(scheduleId.shape);

/**
 * Scheduled reports (定时报告): a project's admins save, delete, send now and read the runs of
 * its schedules; any member lists them and subscribes by email.
 */
export const SCHEDULE_CALLS = {
  list: defineCall({
    method: 'GET',
    path: SCHEDULES_API.schedules,
    access: 'project-member',
    summary: "The project's scheduled reports; the channels they may choose (admins)",
    tags,
    query: projectScope,
    answer: schedulesAnswer,
  }),
  add: defineCall({
    method: 'POST',
    path: SCHEDULES_API.schedules,
    access: 'project-admin',
    summary: `Adds a scheduled report (project admins; at most ${SCHEDULE_MAX_PER_PROJECT} a project)`,
    tags,
    query: projectScope,
    body: scheduleInput,
    answer: schedule,
  }),
  update: defineCall({
    method: 'PUT',
    path: SCHEDULES_API.schedules,
    access: 'project-admin',
    summary: 'Replaces a scheduled report; its next send follows the new settings',
    tags,
    query: scopedId,
    body: scheduleInput,
    answer: schedule,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: SCHEDULES_API.schedules,
    access: 'project-admin',
    summary: 'Deletes a scheduled report, its runs and subscriptions',
    tags,
    query: scopedId,
    answer: z.null(),
  }),
  send: defineCall({
    method: 'POST',
    path: SCHEDULES_API.send,
    access: 'project-admin',
    summary: '立即发送: a run of the period the schedule would report on now',
    tags,
    query: scopedId,
    answer: sendNowAnswer,
  }),
  runs: defineCall({
    method: 'GET',
    path: SCHEDULES_API.runs,
    access: 'project-admin',
    summary: "A scheduled report's runs, newest first (the last 50)",
    tags,
    query: scopedId,
    answer: scheduleRunsAnswer,
  }),
  subscribe: defineCall({
    method: 'POST',
    path: SCHEDULES_API.subscribe,
    access: 'project-member',
    summary: 'Subscribes the caller to a scheduled report by email, or (null) unsubscribes',
    tags,
    query: scopedId,
    body: subscribeRequest,
    answer: schedule,
  }),
};
