import { z } from 'zod';
import { defineCall } from '../calls/call.js';
import { projectScope } from '../location.js';
import {
  ALERTS_API,
  alertListAnswer,
  alertListQuery,
  alertRuleChannelError,
  alertRuleIdQuery,
  enableAlertRuleRequest,
  markAlertsReadRequest,
  testAlertRuleAnswer,
  testAlertRuleRequest,
  updateAlertRuleRequest,
} from './alert.js';
import {
  alertChannelsAnswer,
  alertChannelsQuery,
  replaceAlertChannelsRequest,
  testAlertChannelAnswer,
  testAlertChannelRequest,
} from './delivery.js';
import {
  ALERT_RULE_MAX_PER_PROJECT,
  alertRule,
  alertRuleInput,
  alertRuleName,
  listedAlertRule,
} from './rule.js';

const tags = ['alerts'];

/** A rule's channels are named by the rule's id beside the project scope. */
const channelsQuery = projectScope.extend(alertChannelsQuery.shape);

/**
 * Early warning: a project's rules (its admins: create, edit, enable, delete, test against the
 * past days, read the failing channels of them all; members: their names alone), where each rule's
 * alerts are sent (admins; secrets are written, never read back), and the project's alerts with
 * each member's read state.
 */
export const ALERT_CALLS = {
  rules: defineCall({
    method: 'GET',
    path: ALERTS_API.rules,
    access: 'project-admin',
    summary:
      "The project's alert rules, oldest first, each with its last alert's time and its alerts of the past 7 days (project admins)",
    tags,
    query: projectScope,
    answer: z.array(listedAlertRule),
  }),
  ruleNames: defineCall({
    method: 'GET',
    path: ALERTS_API.ruleNames,
    access: 'project-member',
    summary:
      "Ids and names of the project's alert rules, oldest first: no queries, conditions or channels (members)",
    tags,
    query: projectScope,
    answer: z.array(alertRuleName),
  }),
  channelErrors: defineCall({
    method: 'GET',
    path: ALERTS_API.channelErrors,
    access: 'project-admin',
    summary:
      "Each channel of the project's rules whose newest send failed: why, when, and its rule (project admins)",
    tags,
    query: projectScope,
    answer: z.array(alertRuleChannelError),
  }),
  addRule: defineCall({
    method: 'POST',
    path: ALERTS_API.rules,
    access: 'project-admin',
    summary: `Adds an alert rule (project admins; at most ${ALERT_RULE_MAX_PER_PROJECT} a project)`,
    tags,
    query: projectScope,
    body: alertRuleInput,
    answer: alertRule,
  }),
  updateRule: defineCall({
    method: 'PUT',
    path: ALERTS_API.rules,
    access: 'project-admin',
    summary: 'Replaces the fields of an alert rule named by its _id (project admins)',
    tags,
    query: projectScope,
    body: updateAlertRuleRequest,
    answer: alertRule,
  }),
  removeRule: defineCall({
    method: 'DELETE',
    path: ALERTS_API.rules,
    access: 'project-admin',
    summary: 'Deletes an alert rule and its alerts (project admins)',
    tags,
    query: projectScope.extend(alertRuleIdQuery.shape),
    answer: z.null(),
  }),
  enableRule: defineCall({
    method: 'POST',
    path: ALERTS_API.enableRule,
    access: 'project-admin',
    summary: 'Enables or disables an alert rule (project admins)',
    tags,
    query: projectScope,
    body: enableAlertRuleRequest,
    answer: alertRule,
  }),
  testRule: defineCall({
    method: 'POST',
    path: ALERTS_API.testRule,
    access: 'project-admin',
    summary: 'When a rule as edited would have fired over the past days (project admins)',
    tags,
    query: projectScope,
    body: testAlertRuleRequest,
    answer: testAlertRuleAnswer,
  }),
  alerts: defineCall({
    method: 'GET',
    path: ALERTS_API.alerts,
    access: 'project-member',
    summary: "The project's alerts, newest first, with the caller's read state (members)",
    tags,
    query: alertListQuery,
    answer: alertListAnswer,
  }),
  markRead: defineCall({
    method: 'POST',
    path: ALERTS_API.read,
    access: 'project-member',
    summary: 'Marks alerts read for the caller: the named ones, or all (members)',
    tags,
    query: projectScope,
    body: markAlertsReadRequest,
    answer: z.object({ marked: z.number() }),
  }),
  channels: defineCall({
    method: 'GET',
    path: '/alerts/channels',
    access: 'project-admin',
    summary: "A rule's delivery channels, secrets masked, with each one's last error (admins)",
    tags,
    query: channelsQuery,
    answer: alertChannelsAnswer,
  }),
  replaceChannels: defineCall({
    method: 'PUT',
    path: '/alerts/channels',
    access: 'project-admin',
    summary: "Replaces a rule's delivery channels; a secret left out keeps its value (admins)",
    tags,
    query: channelsQuery,
    body: replaceAlertChannelsRequest,
    answer: alertChannelsAnswer,
  }),
  testChannel: defineCall({
    method: 'POST',
    path: '/alerts/channels/test',
    access: 'project-admin',
    summary: 'Sends a test message through a channel as the form holds it (admins)',
    tags,
    query: projectScope,
    body: testAlertChannelRequest,
    answer: testAlertChannelAnswer,
  }),
};
