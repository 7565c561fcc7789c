import { z } from 'zod';
import {
  SCHEDULES_API,
  SCHEDULE_MAX_PER_PROJECT,
  envelope,
  projectScope,
  schedule,
  scheduleId,
  scheduleInput,
  scheduleRunsAnswer,
  schedulesAnswer,
  sendNowAnswer,
  subscribeRequest,
} from '@yuqing/core';
import type { ReportSchedules } from '../schedules/schedules.js';
import { ok, type Api, type RouteContext } from './context.js';

/** A schedule as an audit entry names it. */
const scheduleTarget = (row: { id: string; name: string }) => ({
  type: 'schedule' as const,
  id: row.id,
  name: row.name,
});

const scopedId = projectScope.extend(scheduleId.shape);

/**
 * Scheduled reports (定时报告): a project's admins save, delete, send now and read the runs of
 * its schedules; any member lists them and subscribes by email.
 */
export function scheduleRoutes(
  api: Api,
  { access, audit }: RouteContext,
  schedules: ReportSchedules,
) {
  api.get(
    SCHEDULES_API.schedules,
    {
      config: { access: 'project-member' },
      schema: {
        summary: "The project's scheduled reports; the channels they may choose (admins)",
        tags: ['schedules'],
        querystring: projectScope,
        response: { 200: envelope(schedulesAnswer) },
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query);
      return ok(await schedules.list(target));
    },
  );

  api.post(
    SCHEDULES_API.schedules,
    {
      config: { access: 'project-admin' },
      schema: {
        summary: `Adds a scheduled report (project admins; at most ${SCHEDULE_MAX_PER_PROJECT} a project)`,
        tags: ['schedules'],
        querystring: projectScope,
        body: scheduleInput,
        response: { 200: envelope(schedule) },
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query, 'admin');
      const added = await schedules.add(target, request.body);
      await audit(request, target, 'schedule.create', scheduleTarget({ ...added, id: added._id }));
      return ok(added);
    },
  );

  api.put(
    SCHEDULES_API.schedules,
    {
      config: { access: 'project-admin' },
      schema: {
        summary: 'Replaces a scheduled report; its next send follows the new settings',
        tags: ['schedules'],
        querystring: scopedId,
        body: scheduleInput,
        response: { 200: envelope(schedule) },
      },
    },
    async (request, reply) => {
      const { id, ...scope } = request.query;
      const target = await access.requireProject(request, reply, scope, 'admin');
      const saved = await schedules.update(target, id, request.body);
      await audit(request, target, 'schedule.update', scheduleTarget({ ...saved, id }));
      return ok(saved);
    },
  );

  api.delete(
    SCHEDULES_API.schedules,
    {
      config: { access: 'project-admin' },
      schema: {
        summary: 'Deletes a scheduled report, its runs and subscriptions',
        tags: ['schedules'],
        querystring: scopedId,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const { id, ...scope } = request.query;
      const target = await access.requireProject(request, reply, scope, 'admin');
      const removed = await schedules.remove(target, id);
      await audit(request, target, 'schedule.delete', scheduleTarget(removed));
      return ok(null);
    },
  );

  api.post(
    SCHEDULES_API.send,
    {
      config: { access: 'project-admin' },
      schema: {
        summary: '立即发送: a run of the period the schedule would report on now',
        tags: ['schedules'],
        querystring: scopedId,
        response: { 200: envelope(sendNowAnswer) },
      },
    },
    async (request, reply) => {
      const { id, ...scope } = request.query;
      const target = await access.requireProject(request, reply, scope, 'admin');
      const { row, runId } = await schedules.sendNow(target, id);
      await audit(request, target, 'schedule.send', scheduleTarget(row), { run: runId });
      return ok({ run_id: runId });
    },
  );

  api.get(
    SCHEDULES_API.runs,
    {
      config: { access: 'project-admin' },
      schema: {
        summary: "A scheduled report's runs, newest first (the last 50)",
        tags: ['schedules'],
        querystring: scopedId,
        response: { 200: envelope(scheduleRunsAnswer) },
      },
    },
    async (request, reply) => {
      const { id, ...scope } = request.query;
      const target = await access.requireProject(request, reply, scope, 'admin');
      return ok({ runs: await schedules.runs(target, id) });
    },
  );

  api.post(
    SCHEDULES_API.subscribe,
    {
      config: { access: 'project-member' },
      schema: {
        summary: 'Subscribes the caller to a scheduled report by email, or (null) unsubscribes',
        tags: ['schedules'],
        querystring: scopedId,
        body: subscribeRequest,
        response: { 200: envelope(schedule) },
      },
    },
    async (request, reply) => {
      const { id, ...scope } = request.query;
      const target = await access.requireProject(request, reply, scope);
      return ok(await schedules.subscribe(target, id, request.body.email));
    },
  );
}
