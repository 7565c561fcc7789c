import {
  ALERT_CALLS,
  type AlertListAnswer,
  type AlertListQuery,
  type AlertRule,
  type AlertRuleChannelError,
  type AlertRuleInput,
  type AlertRuleName,
  type ListedAlertRule,
  type TestAlertRuleAnswer,
} from '@yuqing/core';
import { call } from './call';

/** `GET /alert_rules`: the project's early-warning rules with their recent alerts (admins). */
export function fetchAlertRules(): Promise<ListedAlertRule[]> {
  return call(ALERT_CALLS.rules);
}

/** `GET /alert_rules/names`: ids and names of the project's rules, for any member. */
export function fetchAlertRuleNames(): Promise<AlertRuleName[]> {
  return call(ALERT_CALLS.ruleNames);
}

/**
 * `GET /alerts/channels/errors`: each failing channel of the project's rules (admins). Quiet: the
 * rule list shows what it can without them.
 */
export function fetchAlertChannelErrors(): Promise<AlertRuleChannelError[]> {
  return call(ALERT_CALLS.channelErrors, {}, { quiet: true });
}

/**
 * `POST /alert_rules` (a new rule) or `PUT` (an edited one, named by `_id`). Quiet: the drawer
 * says 保存失败 with the server's reason.
 */
export function saveAlertRule(rule: AlertRuleInput, id?: string): Promise<AlertRule> {
  return id
    ? call(ALERT_CALLS.updateRule, { body: { ...rule, _id: id } }, { quiet: true })
    : call(ALERT_CALLS.addRule, { body: rule }, { quiet: true });
}

/** `DELETE /alert_rules?_id=`. */
export async function deleteAlertRule(id: string): Promise<void> {
  await call(ALERT_CALLS.removeRule, { query: { _id: id } });
}

/** `POST /alert_rules/enabled`: switches a rule's checks on or off. */
export async function enableAlertRule(id: string, enabled: boolean): Promise<void> {
  await call(ALERT_CALLS.enableRule, { body: { _id: id, enabled } });
}

/** `POST /alert_rules/test`: when the rule as edited would have fired over the past 30 days. */
export function testAlertRule(rule: AlertRuleInput): Promise<TestAlertRuleAnswer> {
  return call(
    ALERT_CALLS.testRule,
    { body: { ...rule, days: 30 } },
    { timeout: 'download', quiet: true },
  );
}

export type AlertFilter = Partial<Pick<AlertListQuery, 'rule_id' | 'level' | 'page' | 'size'>>;

/**
 * `GET /alerts`: the caller's alerts, newest first, with the unread count. `quiet` for reads in
 * the background (the navigation's badge), whose failures need no message.
 */
export function fetchAlerts(
  filter: AlertFilter = {},
  options: { signal?: AbortSignal; quiet?: boolean } = {},
): Promise<AlertListAnswer> {
  return call(ALERT_CALLS.alerts, { query: filter }, options);
}

/** `POST /alerts/read`: the named alerts, or all of them, read for the caller. */
export async function markAlertsRead(target: { ids: string[] } | { all: true }): Promise<void> {
  await call(ALERT_CALLS.markRead, { body: target });
}
