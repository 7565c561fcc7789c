import { z } from 'zod';
import { projectScope } from '../location.js';
import { nameValue } from '../posts/answers.js';
import { alertDeliveryError } from './delivery.js';
import { ALERT_LEVELS, CONDITION_KINDS, alertRuleInput } from './rule.js';

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
  /**
   * The rule's condition kind when the alert was raised: what `measure`'s numbers are (posts, a
   * share of 负面 posts, notable posts, new terms).
   */
  condition_kind: z.enum(CONDITION_KINDS),
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

/**
 * Windows a test checks at most: a month of hourly checks. Windows are at least an hour apart
 * over 30 days, so a rule checked every 5 minutes is tested on one window an hour, and the
 * answer's `windows` stay within 720 points (about 60 KB) whatever the interval.
 */
export const ALERT_TEST_MAX_WINDOWS = 720;

/** One checked window of a test, as its chart draws it. */
export const ruleTestWindow = z.object({
  window_end: z.number(),
  /**
   * What the condition measured: matching posts (volume, spike: the counted posts, 负面 only
   * for a negative spike), the share of 负面 posts (0–1, negative_share), notable posts
   * (notable_post) or new terms (new_term).
   */
  value: z.number(),
  /** Posts matching the rule's query in the window. */
  count: z.number(),
  /**
   * The trigger line, in `value`'s units: the volume or share threshold the value must pass
   * (a share from `min_count` posts on), or the count a spike fires from (its score reaches
   * `min_score` against this window's baseline, and at least `min_count`); null when any notable
   * post or new term fires.
   */
  threshold: z.number().nullable(),
  /** A spike's baseline: the median of the same window on the past days; else null. */
  baseline: z.number().nullable(),
  /**
   * What the checker would have done: `raised` a new alert, `updated` the incident's alert
   * (fired within the cooldown), `quiet` (fired in quiet hours, nothing raised), or `calm`.
   */
  outcome: z.enum(['calm', 'raised', 'updated', 'quiet']),
});
export type RuleTestWindow = z.infer<typeof ruleTestWindow>;

export const testAlertRuleAnswer = z.object({
  /** Windows checked. */
  checked: z.number(),
  /** Minutes between the ends of checked windows (the interval, the window, or an hour). */
  step_minutes: z.number(),
  /** Every checked window, oldest first. */
  windows: z.array(ruleTestWindow).max(ALERT_TEST_MAX_WINDOWS),
  /** The windows that fired (quiet hours and cooldown applied), oldest first. */
  firings: z.array(alertMeasure),
  /** Incidents: firings grouped as the checker would, each one alert. */
  alerts: z.number(),
});
export type TestAlertRuleAnswer = z.infer<typeof testAlertRuleAnswer>;

/** A channel's newest failed send, naming its rule: `GET /alerts/channels/errors`. */
export const alertRuleChannelError = alertDeliveryError.extend({ ruleId: z.string() });
export type AlertRuleChannelError = z.infer<typeof alertRuleChannelError>;

/** The early-warning API's paths under /api/v1. */
export const ALERTS_API = {
  rules: '/alert_rules',
  enableRule: '/alert_rules/enabled',
  testRule: '/alert_rules/test',
  /** Ids and names of the project's rules, for any member (the alert list's filter). */
  ruleNames: '/alert_rules/names',
  /** Each failing channel's newest error over the project's rules (project admins). */
  channelErrors: '/alerts/channels/errors',
  alerts: '/alerts',
  read: '/alerts/read',
} as const;
