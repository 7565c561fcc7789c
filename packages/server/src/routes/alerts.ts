import {
  ALERT_CALLS,
  ALERT_RULE_MAX_PER_PROJECT,
  alertRuleInput,
  type AlertRule,
} from '@yuqing/core';
import { backtestRule } from '../alerts/backtest.js';
import { badRequest, notFound } from '../errors.js';
import type { RequestLimits } from '../http/request-limits.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

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
  { store, engine, audit }: RouteContext,
  limits: RequestLimits,
) {
  route(api, ALERT_CALLS.rules, async ({ member }) =>
    ok(await store.alertRules.list(member.project.id)),
  );

  route(api, ALERT_CALLS.ruleNames, async ({ member }) =>
    ok(await store.alertRules.names(member.project.id)),
  );

  route(api, ALERT_CALLS.channelErrors, async ({ member }) =>
    ok(await store.alertDeliveries.lastErrorsOfProject(member.project.id)),
  );

  route(api, ALERT_CALLS.addRule, async ({ request, member, body }) => {
    const { project } = member;
    if ((await store.alertRules.count(project.id)) >= ALERT_RULE_MAX_PER_PROJECT)
      throw badRequest(`每个项目最多保存 ${ALERT_RULE_MAX_PER_PROJECT} 条预警规则`);
    const added = await store.alertRules.add(project.id, body);
    await audit(request, member, 'alert_rule.create', ruleTarget(added), {
      enabled: added.enabled,
    });
    return ok(added);
  });

  route(api, ALERT_CALLS.updateRule, async ({ request, member, body }) => {
    const { _id, ...fields } = body;
    const before = await store.alertRules.get(member.project.id, _id);
    if (!before) throw notFound(RULE_NOT_FOUND);
    const edited = await store.alertRules.update(member.project.id, _id, fields);
    if (!edited) throw notFound(RULE_NOT_FOUND);
    await audit(request, member, 'alert_rule.update', ruleTarget(edited), {
      ...(before.name !== edited.name && { name: { from: before.name, to: edited.name } }),
      changed: changedFields(before, edited),
    });
    return ok(edited);
  });

  route(api, ALERT_CALLS.removeRule, async ({ request, member, query }) => {
    const { _id } = query;
    const rule = await store.alertRules.get(member.project.id, _id);
    if (!rule || !(await store.alertRules.remove(member.project.id, _id)))
      throw notFound(RULE_NOT_FOUND);
    await audit(request, member, 'alert_rule.delete', ruleTarget(rule));
    return ok(null);
  });

  route(api, ALERT_CALLS.enableRule, async ({ request, member, body }) => {
    const { _id, enabled } = body;
    const changed = await store.alertRules.setEnabled(member.project.id, _id, enabled);
    if (!changed) throw notFound(RULE_NOT_FOUND);
    const action = enabled ? 'alert_rule.enable' : 'alert_rule.disable';
    await audit(request, member, action, ruleTarget(changed));
    return ok(changed);
  });

  route(api, ALERT_CALLS.testRule, async ({ reply, member, body }) => {
    const { project, viewer } = member;
    const { days, ...rule } = body;
    const scope = { projectId: project.id, timeZone: project.profile.timezone };
    return limits.run(reply, viewer.user.id, async () =>
      ok(await backtestRule(engine, scope, rule, Date.now(), days)),
    );
  });

  route(api, ALERT_CALLS.alerts, async ({ member, query }) => {
    const { rule_id, level, unread, page, size } = query;
    const { project, viewer } = member;
    return ok(
      await store.alerts.list(project.id, viewer.user.id, {
        ruleId: rule_id,
        level,
        unread: unread === undefined ? undefined : unread === 'true',
        page,
        size,
      }),
    );
  });

  route(api, ALERT_CALLS.markRead, async ({ member, body }) => {
    const { project, viewer } = member;
    const { ids, all } = body;
    const marked = await store.alerts.markRead(project.id, viewer.user.id, all ? 'all' : ids);
    return ok({ marked });
  });
}
