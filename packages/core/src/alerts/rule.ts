import { z } from 'zod';
import { MEDIA_LEVELS } from '../constants.js';
import { FILTER_FIELDS, type FilterField } from '../posts/fields.js';
import { parseKeywordQuery } from '../posts/keyword.js';
import { filterChip } from '../posts/query.js';

/** How urgent a rule's alerts are. */
export const ALERT_LEVELS = ['info', 'warning', 'critical'] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];
export const ALERT_LEVEL_LABELS: Record<AlertLevel, string> = {
  info: '提示',
  warning: '警告',
  critical: '严重',
};

/**
 * How often a rule may be checked: every 5 minutes to daily, in steps that divide a day, so a
 * window's baseline windows (the same time on earlier days) fall on the same grid.
 */
export const CHECK_INTERVALS = [5, 10, 15, 20, 30, 60, 120, 180, 240, 360, 720, 1440] as const;
/** Rules a project may keep. */
export const ALERT_RULE_MAX_PER_PROJECT = 100;

const valueList = z.array(z.string().trim().min(1).max(500)).max(200);
const fieldLists = Object.fromEntries(
  FILTER_FIELDS.map((field) => [field, valueList.optional()]),
) as { [K in FilterField]: z.ZodOptional<typeof valueList> };

/** A keyword expression kept as the viewer wrote it, refused with the parser's message. */
const keywordText = z
  .string()
  .max(2000)
  .default('')
  .superRefine((q, context) => {
    const parsed = parseKeywordQuery(q);
    if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.error.message });
  });

/**
 * The saved query of a rule: the dashboard's query without its range (the condition's window
 * gives the range at each check).
 */
export const ruleQuery = z.object({
  q: keywordText,
  filters: z.array(filterChip).max(50, '筛选条件过多（最多 50 个）').default([]),
  denoise: z.enum(['', 'NO']).default(''),
  ...fieldLists,
});
export type RuleQuery = z.infer<typeof ruleQuery>;

const windowMinutes = z.coerce
  .number('须为分钟数')
  .int('须为整数分钟')
  .min(5, '窗口至少 5 分钟')
  .max(10_080, '窗口最多 7 天');
const baselineDays = z.coerce.number().int().min(3, '基线至少 3 天').max(30, '基线最多 30 天');
const minCount = z.coerce.number().int().min(1).max(1_000_000);

/** Matching posts in the window above `threshold`. */
export const volumeCondition = z.object({
  kind: z.literal('volume'),
  window_minutes: windowMinutes.default(60),
  threshold: z.coerce.number().int().min(1).max(100_000_000),
});

/**
 * Volume (or negative volume) of the last window against the same window of the hour of day
 * over the past `baseline_days`: a robust score (value − median) / (1.4826 × MAD), raised
 * above `min_score` once the window holds at least `min_count` posts.
 */
export const spikeCondition = z.object({
  kind: z.literal('spike'),
  measure: z.enum(['volume', 'negative']).default('volume'),
  window_minutes: windowMinutes.default(60),
  baseline_days: baselineDays.default(14),
  min_score: z.coerce.number().min(1).max(100).default(3.5),
  min_count: minCount.default(20),
});

/** The share of 负面 posts in the window (0–1) above `threshold`, from `min_count` posts. */
export const negativeShareCondition = z.object({
  kind: z.literal('negative_share'),
  window_minutes: windowMinutes.default(60),
  threshold: z.coerce.number().gt(0, '比例须大于 0').max(1, '比例不能大于 1'),
  min_count: minCount.default(20),
});

/** A post in the window from a medium of the chosen levels, or by an author over N followers. */
export const notablePostCondition = z
  .object({
    kind: z.literal('notable_post'),
    window_minutes: windowMinutes.default(60),
    media_levels: z.array(z.enum(MEDIA_LEVELS)).max(MEDIA_LEVELS.length).default([]),
    min_followers: z.coerce.number().int().min(1).max(10_000_000_000).optional(),
  })
  .refine((condition) => condition.media_levels.length > 0 || condition.min_followers, {
    message: '请选择媒体级别或填写粉丝数',
    path: ['media_levels'],
  });

/** Words (the word cloud's) or topics (topic_paths) of the window unseen over the baseline. */
export const newTermCondition = z.object({
  kind: z.literal('new_term'),
  source: z.enum(['words', 'topics']).default('words'),
  window_minutes: windowMinutes.default(60),
  baseline_days: baselineDays.default(7),
  /** Posts a new term needs in the window to count. */
  min_count: minCount.default(5),
});

/** The kinds of condition a rule may have, as `ruleCondition` discriminates them. */
export const CONDITION_KINDS = [
  'volume',
  'spike',
  'negative_share',
  'notable_post',
  'new_term',
] as const;

export const ruleCondition = z.discriminatedUnion('kind', [
  volumeCondition,
  spikeCondition,
  negativeShareCondition,
  notablePostCondition,
  newTermCondition,
]);
export type RuleCondition = z.infer<typeof ruleCondition>;
export type ConditionKind = (typeof CONDITION_KINDS)[number];
export const CONDITION_KIND_LABELS: Record<ConditionKind, string> = {
  volume: '声量超过阈值',
  spike: '声量突增',
  negative_share: '负面占比超过阈值',
  notable_post: '重要媒体或大V发文',
  new_term: '出现新词或新话题',
};

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间须形如 22:00');

/** Local times (the project's zone) between which nothing is raised; may run past midnight. */
export const quietHours = z
  .object({ start: clock, end: clock })
  .refine((hours) => hours.start !== hours.end, {
    message: '开始和结束不能相同',
    path: ['end'],
  });
export type QuietHours = z.infer<typeof quietHours>;

/** A rule as created or edited. */
export const alertRuleInput = z.object({
  name: z.string().trim().min(1, '请输入规则名称').max(100),
  level: z.enum(ALERT_LEVELS).default('warning'),
  enabled: z.boolean().default(true),
  interval_minutes: z.coerce
    .number()
    .refine((minutes) => (CHECK_INTERVALS as readonly number[]).includes(minutes), {
      message: `检查间隔须为 ${CHECK_INTERVALS.join('、')} 分钟之一`,
    })
    .default(15),
  query: ruleQuery.default(ruleQuery.parse({})),
  /** The dashboard page (menu path, e.g. /overview) an alert's link opens; '' for the first. */
  page: z.string().max(200).default(''),
  condition: ruleCondition,
  quiet_hours: quietHours.nullable().default(null),
  /** After an incident ends, no new alert of the rule within this many minutes. */
  cooldown_minutes: z.coerce.number().int().min(0).max(10_080).default(60),
});
export type AlertRuleInput = z.infer<typeof alertRuleInput>;

/** A stored rule of a project. Times are epoch milliseconds. */
export const alertRule = alertRuleInput.extend({
  _id: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
  last_checked_at: z.number().nullable(),
});
export type AlertRule = z.infer<typeof alertRule>;

/** Days a rule's recent alerts are counted over in the rule list. */
export const ALERT_RULE_RECENT_DAYS = 7;

/** A rule as the rule list answers it: with what it raised lately. */
export const listedAlertRule = alertRule.extend({
  /** When its newest alert was raised; null when it never raised one. */
  last_alert_at: z.number().nullable(),
  /** Alerts it raised in the past ALERT_RULE_RECENT_DAYS days. */
  recent_alerts: z.number().int().min(0),
});
export type ListedAlertRule = z.infer<typeof listedAlertRule>;

/** A rule as any member of the project may see it: its id and name (the alert list's filter). */
export const alertRuleName = z.object({ _id: z.string(), name: z.string() });
export type AlertRuleName = z.infer<typeof alertRuleName>;
