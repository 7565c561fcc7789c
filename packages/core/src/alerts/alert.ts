import { z } from 'zod';
import { projectScope } from '../location.js';
import { nameValue } from '../posts/answers.js';
import { ALERT_LEVELS, alertRuleInput } from './rule.js';

/** The robust baseline a spike was measured against (see baseline.ts). */
export const alertBaseline = z.object({
  median: z.number(),
  mad: z.number(),
  score: z.number(),
});
export type AlertBaseline = z.infer<typeof alertBaseline>;

/** What one check measured: the window, its value, what it had to pass, and against what. */
export const alertMeasure = z.object({
  window_start: z.number(),
  window_end: z.number(),
  /** What the condition measured: posts, negative posts, a share (0–1) or notable posts. */
  value: z.number(),
  /** What the value had to pass (a count, a share, a score for spikes). */
  threshold: z.number(),
  /** Posts matching the rule's query in the window. */
  count: z.number(),
  baseline: alertBaseline.nullable(),
  /** New words or topics (new_term), else empty. */
  terms: z.array(z.string()),
});
export type AlertMeasure = z.infer<typeof alertMeasure>;

/** A post as an alert shows it. */
export const alertPost = z.object({
  _id: z.string(),
  title: z.string(),
  uri: z.string(),
  created: z.number(),
  author: z.string(),
  media: z.string(),
  media_platform: z.string(),
  engagement_num: z.number(),
});
export type AlertPost = z.infer<typeof alertPost>;

/**
 * One incident of a rule: raised once, then updated while the rule keeps firing (its numbers,
 * top posts and `updates`), rather than raised again.
 */
export const alert = z.object({
  _id: z.string(),
  rule_id: z.string(),
  rule_name: z.string(),
  level: z.enum(ALERT_LEVELS),
  raised_at: z.number(),
  updated_at: z.number(),
  /** Checks that found the incident still firing after it was raised. */
  updates: z.number(),
  /** The first window that fired: where the incident starts. */
  started_at: z.number(),
  measure: alertMeasure,
  /** By engagement, the most engaged first. */
  top_posts: z.array(alertPost),
  top_words: z.array(nameValue),
  platforms: z.array(nameValue),
  /** 首发: the earliest post of the incident's lead story (near duplicates, retweet chain). */
  first_post: alertPost.nullable(),
  /** The dashboard on exactly the rule's query and the incident's range (path and hash). */
  link: z.string(),
  /** Whether the caller has read it. */
  read: z.boolean(),
});
export type Alert = z.infer<typeof alert>;

/** `GET` of the alert list: newest first, filtered by rule, level and unread. */
export const alertListQuery = projectScope.extend({
  rule_id: z.string().max(64).optional(),
  level: z.enum(ALERT_LEVELS).optional(),
  unread: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(0).max(1000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AlertListQuery = z.infer<typeof alertListQuery>;

export const alertListAnswer = z.object({
  list: z.array(alert),
  total: z.number(),
  /** The caller's unread alerts of the project, whatever the filters. */
  unread: z.number(),
});
export type AlertListAnswer = z.infer<typeof alertListAnswer>;

/** Marks the named alerts, or every alert of the project, read for the caller. */
export const markAlertsReadRequest = z
  .object({
    ids: z.array(z.string().max(64)).max(500).default([]),
    all: z.boolean().default(false),
  })
  .refine((request) => request.all || request.ids.length > 0, {
    message: '请指定要标记的预警',
    path: ['ids'],
  });
export type MarkAlertsReadRequest = z.infer<typeof markAlertsReadRequest>;

/** `PUT` of a rule: its `_id` and every field as it should be. */
export const updateAlertRuleRequest = alertRuleInput.extend({ _id: z.uuid() });

/** `DELETE` of a rule, and the rule named by other calls. */
export const alertRuleIdQuery = z.object({ _id: z.uuid() });

export const enableAlertRuleRequest = z.object({ _id: z.uuid(), enabled: z.boolean() });

/** "Test against the past 30 days": the rule as edited, checked at each of its windows. */
export const testAlertRuleRequest = alertRuleInput.extend({
  days: z.coerce.number().int().min(1).max(30).default(30),
});
export type TestAlertRuleRequest = z.infer<typeof testAlertRuleRequest>;

export const testAlertRuleAnswer = z.object({
  /** Windows checked. */
  checked: z.number(),
  /** The windows that fired (quiet hours and cooldown applied), oldest first. */
  firings: z.array(alertMeasure),
  /** Incidents: firings grouped as the checker would, each one alert. */
  alerts: z.number(),
});
export type TestAlertRuleAnswer = z.infer<typeof testAlertRuleAnswer>;

/** The early-warning API's paths under /api/v1. */
export const ALERTS_API = {
  rules: '/alert_rules',
  enableRule: '/alert_rules/enabled',
  testRule: '/alert_rules/test',
  alerts: '/alerts',
  read: '/alerts/read',
} as const;
