import { z } from 'zod';
import { ruleQuery } from '../alerts/rule.js';
import { DOCUMENT_FORMATS } from '../export/export.js';

/** How often a schedule sends: 日报, 周报, 月报. */
export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];
export const SCHEDULE_FREQUENCY_LABELS: Record<ScheduleFrequency, string> = {
  daily: '日报',
  weekly: '周报',
  monthly: '月报',
};

/**
 * The range a run reports on: the period just ended (昨天, 上周, 上月, by frequency), or the
 * last N whole days before the run's day.
 */
export const SCHEDULE_RANGES = ['period', 'last_days'] as const;
export type ScheduleRange = (typeof SCHEDULE_RANGES)[number];

/** Schedules a project may keep. */
export const SCHEDULE_MAX_PER_PROJECT = 100;
/** Channels a schedule sends to, and subscribers it may have. */
export const SCHEDULE_MAX_CHANNELS = 10;
export const SCHEDULE_MAX_SUBSCRIBERS = 200;
/** Files larger than this (together) go by link, not attached to the mail. */
export const SCHEDULE_MAIL_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

const epochMs = z.number().int().min(0).max(8_640_000_000_000_000);

/** `POST /schedule` and `PUT /schedule`: what an admin sets. */
export const scheduleInput = z.object({
  name: z.string().trim().min(1, '请输入定时报告名称').max(100, '名称最多 100 个字'),
  enabled: z.boolean().default(true),
  /** The published page whose widgets each run snapshots. */
  page: z.string().trim().min(1, '请选择页面').max(64),
  /**
   * A report of the project as the template of each run's report: its description, header text,
   * header image, logo and theme; its page is the schedule's page. None: the page's own look.
   */
  template: z.uuid('报告模板 ID 无效').nullable().default(null),
  frequency: z.enum(SCHEDULE_FREQUENCIES, '请选择频率'),
  /** Weekly: 1 = Monday … 7 = Sunday. */
  weekday: z.number().int().min(1, '星期应为 1–7').max(7, '星期应为 1–7').default(1),
  /** Monthly: the day of the month; a shorter month sends on its last day. */
  day: z.number().int().min(1, '日期应为 1–31').max(31, '日期应为 1–31').default(1),
  /** The local time of the project's zone. */
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间应为 HH:mm，如 08:00')
    .default('08:00'),
  range: z.enum(SCHEDULE_RANGES).default('period'),
  last_days: z.number().int().min(1, '天数至少为 1').max(92, '天数最多 92').default(7),
  /** The page's query without its range (each run's period gives the range). */
  query: ruleQuery.default({ q: '', filters: [], denoise: '' }),
  formats: z
    .array(z.enum(DOCUMENT_FORMATS))
    .max(DOCUMENT_FORMATS.length)
    .default(['pdf'])
    .refine((formats) => new Set(formats).size === formats.length, '文件格式重复'),
  /** Alert channels of the project (by id) that each run is sent to. */
  channel_ids: z
    .array(z.uuid('渠道 ID 无效'))
    .max(SCHEDULE_MAX_CHANNELS, `最多 ${SCHEDULE_MAX_CHANNELS} 个渠道`)
    .default([]),
});
export type ScheduleInput = z.infer<typeof scheduleInput>;
export type ScheduleInputDraft = z.input<typeof scheduleInput>;

export const scheduleId = z.object({ id: z.uuid('定时报告 ID 无效') });

export const SCHEDULE_RUN_STATUSES = ['running', 'sent', 'failed'] as const;
export type ScheduleRunStatus = (typeof SCHEDULE_RUN_STATUSES)[number];
export const SCHEDULE_RUN_STATUS_LABELS: Record<ScheduleRunStatus, string> = {
  running: '发送中',
  sent: '已发送',
  failed: '失败',
};

/** Where a run went: a channel or a subscriber's mailbox, and whether it arrived. */
export const scheduleRecipient = z.object({
  name: z.string(),
  ok: z.boolean(),
  error: z.string().optional(),
});
export type ScheduleRecipient = z.infer<typeof scheduleRecipient>;

/** One run of a schedule: its period, report snapshot, files and recipients. */
export const scheduleRun = z.object({
  id: z.uuid(),
  schedule_id: z.uuid(),
  /** 立即发送, rather than its time. */
  manual: z.boolean(),
  period: z.object({ start: epochMs, end: epochMs }),
  status: z.enum(SCHEDULE_RUN_STATUSES),
  /** Why it failed (or which recipients did), in Chinese. */
  error: z.string().nullable(),
  attempts: z.number().int().min(0),
  report_id: z.uuid().nullable(),
  files: z.array(
    z.object({ format: z.enum(DOCUMENT_FORMATS), name: z.string(), size: z.number() }),
  ),
  recipients: z.array(scheduleRecipient),
  created_at: epochMs,
  finished_at: epochMs.nullable(),
});
export type ScheduleRun = z.infer<typeof scheduleRun>;

export const scheduleSubscriber = z.object({
  user_id: z.uuid(),
  name: z.string(),
  email: z.string(),
});

/** A schedule as the pages show it. */
export const schedule = scheduleInput.extend({
  _id: z.uuid(),
  created_at: epochMs,
  updated_at: epochMs,
  /** When it sends next; null while disabled. */
  next_run_at: epochMs.nullable(),
  last_run: scheduleRun.nullable(),
  /** Who subscribed by email; only admins are shown the others. */
  subscribers: z.array(scheduleSubscriber),
  /** The viewer's own subscription, if any. */
  subscribed_email: z.string().nullable(),
});
export type Schedule = z.infer<typeof schedule>;

/** A channel a schedule may send to: one of the project's alert rules' channels. */
export const scheduleChannelChoice = z.object({
  id: z.uuid(),
  label: z.string(),
});

/** `GET /schedules`: the project's schedules and the channels they may choose. */
export const schedulesAnswer = z.object({
  schedules: z.array(schedule),
  channels: z.array(scheduleChannelChoice),
});
export type SchedulesAnswer = z.infer<typeof schedulesAnswer>;

/** `GET /schedule/runs`: a schedule's runs, newest first. */
export const scheduleRunsAnswer = z.object({ runs: z.array(scheduleRun) });

/** `POST /schedule/subscribe`: the viewer subscribes with an email, or (null) unsubscribes. */
export const subscribeRequest = z.object({
  email: z.email('邮箱格式不正确').max(254).nullable(),
});

/** `POST /schedule/send`: 立即发送; answers the run it started. */
export const sendNowAnswer = z.object({ run_id: z.uuid() });

/**
 * The schedule calls, each with the project scope in its query string: `GET` lists (members),
 * `POST` adds, `PUT ?id=` replaces, `DELETE ?id=` deletes (project admins); `send` and `runs`
 * take `?id=` (project admins); `subscribe` takes `?id=` (members, for themselves).
 */
export const SCHEDULES_API = {
  schedules: '/schedules',
  send: '/schedules/send',
  runs: '/schedules/runs',
  subscribe: '/schedules/subscribe',
} as const;
