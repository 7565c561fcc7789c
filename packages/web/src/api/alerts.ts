import {
  ALERTS_API,
  alertListAnswer,
  alertRule,
  alertRuleChannelError,
  alertRuleName,
  listedAlertRule,
  testAlertRuleAnswer,
  type AlertListAnswer,
  type AlertListQuery,
  type AlertRule,
  type AlertRuleChannelError,
  type AlertRuleInput,
  type AlertRuleName,
  type ListedAlertRule,
  type TestAlertRuleAnswer,
} from '@yuqing/core';
import { noData, request } from './client';

/** `GET /alert_rules`: the project's early-warning rules with their recent alerts (admins). */
export function fetchAlertRules(): Promise<ListedAlertRule[]> {
  return request(ALERTS_API.rules, listedAlertRule.array());
}

/** `GET /alert_rules/names`: ids and names of the project's rules, for any member. */
export function fetchAlertRuleNames(): Promise<AlertRuleName[]> {
  return request(ALERTS_API.ruleNames, alertRuleName.array());
}

/**
 * `GET /alerts/channels/errors`: each failing channel of the project's rules (admins). Quiet: the
 * rule list shows what it can without them.
 */
export function fetchAlertChannelErrors(): Promise<AlertRuleChannelError[]> {
  return request(ALERTS_API.channelErrors, alertRuleChannelError.array(), { quiet: true });
}

/**
 * `POST /alert_rules` (a new rule) or `PUT` (an edited one, named by `_id`). Quiet: the drawer
 * says 保存失败 with the server's reason.
 */
export function saveAlertRule(rule: AlertRuleInput, id?: string): Promise<AlertRule> {
  return request(ALERTS_API.rules, alertRule, {
    method: id ? 'PUT' : 'POST',
    body: id ? { ...rule, _id: id } : rule,
    quiet: true,
  });
}

/** `DELETE /alert_rules?_id=`. */
export function deleteAlertRule(id: string): Promise<void> {
  return request(ALERTS_API.rules, noData, { method: 'DELETE', params: { _id: id } });
}

/** `POST /alert_rules/enabled`: switches a rule's checks on or off. */
export function enableAlertRule(id: string, enabled: boolean): Promise<void> {
  return request(ALERTS_API.enableRule, noData, {
    method: 'POST',
    body: { _id: id, enabled },
  });
}

/** `POST /alert_rules/test`: when the rule as edited would have fired over the past 30 days. */
export function testAlertRule(rule: AlertRuleInput): Promise<TestAlertRuleAnswer> {
  return request(ALERTS_API.testRule, testAlertRuleAnswer, {
    method: 'POST',
    body: { ...rule, days: 30 },
    timeout: 'download',
    quiet: true,
  });
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
  return request(ALERTS_API.alerts, alertListAnswer, { params: filter, ...options });
}

/** `POST /alerts/read`: the named alerts, or all of them, read for the caller. */
export function markAlertsRead(target: { ids: string[] } | { all: true }): Promise<void> {
  return request(ALERTS_API.read, noData, { method: 'POST', body: target });
}
