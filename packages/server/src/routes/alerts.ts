import { z } from 'zod';
import {
  ALERTS_API,
  ALERT_RULE_MAX_PER_PROJECT,
  alertListAnswer,
  alertListQuery,
  alertRule,
  alertRuleChannelError,
  alertRuleIdQuery,
  alertRuleInput,
  alertRuleName,
  enableAlertRuleRequest,
  envelope,
  listedAlertRule,
  markAlertsReadRequest,
  projectScope,
  testAlertRuleAnswer,
  testAlertRuleRequest,
  updateAlertRuleRequest,
  type AlertRule,
} from '@yuqing/core';
import { backtestRule } from '../alerts/backtest.js';
import { badRequest, notFound } from '../errors.js';
import type { RequestLimits } from '../http/request-limits.js';
import { ok, type Api, type RouteContext } from './context.js';

const RULE_NOT_FOUND = '_id: 预警规则不存在';

/** A rule as an audit entry names it. */
export const ruleTarget = (rule: Pick<AlertRule, '_id' | 'name'>) => ({
  type: 'alert_rule' as const,
  id: rule._id,
  name: rule.name,
});

/** The fields of a rule an edit changed, by name (their values are in the rule itself). */
function changedFields(before: AlertRule, after: AlertRule): string[] {
  const fields = Object.keys(alertRuleInput.shape) as (keyof AlertRule)[];
  return fields.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

/**
 * Early warning: a project's rules (its admins: create, edit, enable, delete, test against the
 * past days, read the failing channels of them all; members: their names alone) and its alerts
 * with each member's read state.
 */
export function alertRoutes(
  api: Api,
  { access, store, engine, audit }: RouteContext,
  limits: RequestLimits,
) {
  api.get(
    ALERTS_API.rules,
    {
      config: { access: 'project-admin' },
      schema: {
        summary:
          "The project's alert rules, oldest first, each with its last alert's time and its alerts of the past 7 days (project admins)",
        tags: ['alerts'],
        querystring: projectScope,
        response: { 200: envelope(z.array(listedAlertRule)) },
      },
    },
    async (request, reply) => {
      const { project } = await access.requireProject(request, reply, request.query, 'admin');
      return ok(await store.alertRules.list(project.id));
    },
  );

  api.get(
    ALERTS_API.ruleNames,
    {
      config: { access: 'project-member' },
      schema: {
        summary:
          "Ids and names of the project's alert rules, oldest first: no queries, conditions or channels (members)",
        tags: ['alerts'],
        querystring: projectScope,
        response: { 200: envelope(z.array(alertRuleName)) },
      },
    },
    async (request, reply) => {
      const { project } = await access.requireProject(request, reply, request.query);
      return ok(await store.alertRules.names(project.id));
    },
  );

  api.get(
    ALERTS_API.channelErrors,
    {
      config: { access: 'project-admin' },
      schema: {
        summary:
          "Each channel of the project's rules whose newest send failed: why, when, and its rule (project admins)",
        tags: ['alerts'],
        querystring: projectScope,
        response: { 200: envelope(z.array(alertRuleChannelError)) },
      },
    },
    async (request, reply) => {
      const { project } = await access.requireProject(request, reply, request.query, 'admin');
      return ok(await store.alertDeliveries.lastErrorsOfProject(project.id));
    },
  );

  api.post(
    ALERTS_API.rules,
    {
      config: { access: 'project-admin' },
      schema: {
        summary: `Adds an alert rule (project admins; at most ${ALERT_RULE_MAX_PER_PROJECT} a project)`,
        tags: ['alerts'],
        querystring: projectScope,
        body: alertRuleInput,
        response: { 200: envelope(alertRule) },
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query, 'admin');
      const { project } = target;
      if ((await store.alertRules.count(project.id)) >= ALERT_RULE_MAX_PER_PROJECT)
        throw badRequest(`每个项目最多保存 ${ALERT_RULE_MAX_PER_PROJECT} 条预警规则`);
      const added = await store.alertRules.add(project.id, request.body);
      await audit(request, target, 'alert_rule.create', ruleTarget(added), {
        enabled: added.enabled,
      });
      return ok(added);
    },
  );

  api.put(
    ALERTS_API.rules,
    {
      config: { access: 'project-admin' },
      schema: {
        summary: 'Replaces the fields of an alert rule named by its _id (project admins)',
        tags: ['alerts'],
        querystring: projectScope,
        body: updateAlertRuleRequest,
        response: { 200: envelope(alertRule) },
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query, 'admin');
      const { _id, ...fields } = request.body;
      const before = await store.alertRules.get(target.project.id, _id);
      if (!before) throw notFound(RULE_NOT_FOUND);
      const edited = await store.alertRules.update(target.project.id, _id, fields);
      if (!edited) throw notFound(RULE_NOT_FOUND);
      await audit(request, target, 'alert_rule.update', ruleTarget(edited), {
        ...(before.name !== edited.name && { name: { from: before.name, to: edited.name } }),
        changed: changedFields(before, edited),
      });
      return ok(edited);
    },
  );

  api.delete(
    ALERTS_API.rules,
    {
      config: { access: 'project-admin' },
      schema: {
        summary: 'Deletes an alert rule and its alerts (project admins)',
        tags: ['alerts'],
        querystring: projectScope.extend(alertRuleIdQuery.shape),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const { _id, ...scope } = request.query;
      const target = await access.requireProject(request, reply, scope, 'admin');
      const rule = await store.alertRules.get(target.project.id, _id);
      if (!rule || !(await store.alertRules.remove(target.project.id, _id)))
        throw notFound(RULE_NOT_FOUND);
      await audit(request, target, 'alert_rule.delete', ruleTarget(rule));
      return ok(null);
    },
  );

  api.post(
    ALERTS_API.enableRule,
    {
      config: { access: 'project-admin' },
      schema: {
        summary: 'Enables or disables an alert rule (project admins)',
        tags: ['alerts'],
        querystring: projectScope,
        body: enableAlertRuleRequest,
        response: { 200: envelope(alertRule) },
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query, 'admin');
      const { _id, enabled } = request.body;
      const changed = await store.alertRules.setEnabled(target.project.id, _id, enabled);
      if (!changed) throw notFound(RULE_NOT_FOUND);
      const action = enabled ? 'alert_rule.enable' : 'alert_rule.disable';
      await audit(request, target, action, ruleTarget(changed));
      return ok(changed);
    },
  );

  api.post(
    ALERTS_API.testRule,
    {
      config: { access: 'project-admin' },
      schema: {
        summary: 'When a rule as edited would have fired over the past days (project admins)',
        tags: ['alerts'],
        querystring: projectScope,
        body: testAlertRuleRequest,
        response: { 200: envelope(testAlertRuleAnswer) },
      },
    },
    async (request, reply) => {
      const { project, viewer } = await access.requireProject(
        request,
        reply,
        request.query,
        'admin',
      );
      const { days, ...rule } = request.body;
      const scope = { projectId: project.id, timeZone: project.profile.timezone };
      return limits.run(reply, viewer.user.id, async () =>
        ok(await backtestRule(engine, scope, rule, Date.now(), days)),
      );
    },
  );

  api.get(
    ALERTS_API.alerts,
    {
      config: { access: 'project-member' },
      schema: {
        summary: "The project's alerts, newest first, with the caller's read state (members)",
        tags: ['alerts'],
        querystring: alertListQuery,
        response: { 200: envelope(alertListAnswer) },
      },
    },
    async (request, reply) => {
      const { rule_id, level, unread, page, size, ...scope } = request.query;
      const { project, viewer } = await access.requireProject(request, reply, scope);
      return ok(
        await store.alerts.list(project.id, viewer.user.id, {
          ruleId: rule_id,
          level,
          unread: unread === undefined ? undefined : unread === 'true',
          page,
          size,
        }),
      );
    },
  );

  api.post(
    ALERTS_API.read,
    {
      config: { access: 'project-member' },
      schema: {
        summary: 'Marks alerts read for the caller: the named ones, or all (members)',
        tags: ['alerts'],
        querystring: projectScope,
        body: markAlertsReadRequest,
        response: { 200: envelope(z.object({ marked: z.number() })) },
      },
    },
    async (request, reply) => {
      const { project, viewer } = await access.requireProject(request, reply, request.query);
      const { ids, all } = request.body;
      const marked = await store.alerts.markRead(project.id, viewer.user.id, all ? 'all' : ids);
      return ok({ marked });
    },
  );
}
