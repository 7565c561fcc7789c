import { SCHEDULE_CALLS } from '@yuqing/core';
import type { ReportSchedules } from '../schedules/schedules.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

/** A schedule as an audit entry names it. */
const scheduleTarget = (row: { id: string; name: string }) => ({
  type: 'schedule' as const,
  id: row.id,
  name: row.name,
});

/**
 * Scheduled reports (定时报告): a project's admins save, delete, send now and read the runs of
 * its schedules; any member lists them and subscribes by email.
 */
export function scheduleRoutes(api: Api, { audit }: RouteContext, schedules: ReportSchedules) {
  route(api, SCHEDULE_CALLS.list, async ({ member }) => ok(await schedules.list(member)));

  route(api, SCHEDULE_CALLS.add, async ({ request, member, body }) => {
    const added = await schedules.add(member, body);
    await audit(request, member, 'schedule.create', scheduleTarget({ ...added, id: added._id }));
    return ok(added);
  });

  route(api, SCHEDULE_CALLS.update, async ({ request, member, query: { id }, body }) => {
    const saved = await schedules.update(member, id, body);
    await audit(request, member, 'schedule.update', scheduleTarget({ ...saved, id }));
    return ok(saved);
  });

  route(api, SCHEDULE_CALLS.remove, async ({ request, member, query: { id } }) => {
    const removed = await schedules.remove(member, id);
    await audit(request, member, 'schedule.delete', scheduleTarget(removed));
    return ok(null);
  });

  route(api, SCHEDULE_CALLS.send, async ({ request, member, query: { id } }) => {
    const { row, runId } = await schedules.sendNow(member, id);
    await audit(request, member, 'schedule.send', scheduleTarget(row), { run: runId });
    return ok({ run_id: runId });
  });

  route(api, SCHEDULE_CALLS.runs, async ({ member, query: { id } }) =>
    ok({ runs: await schedules.runs(member, id) }),
  );

  route(api, SCHEDULE_CALLS.subscribe, async ({ member, query: { id }, body }) =>
    ok(await schedules.subscribe(member, id, body.email)),
  );
}
