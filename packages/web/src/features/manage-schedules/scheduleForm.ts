import {
  nextRunAfter,
  scheduleInput,
  type DocumentFormat,
  type Schedule,
  type ScheduleFrequency,
  type ScheduleInput,
  type ScheduleRange,
} from '@yuqing/core';
import { checkWithSchema, type FieldIssue, type IssuePath } from '../../forms/schemaIssues';
import { zh, type ZhText } from '../../i18n/translateText';
import type { Translate } from '../../i18n/useT';

/**
 * The schedule drawer's form. Fields are named by their path in `scheduleInput`, so a schema
 * issue lands on its field; numbers a user has cleared are null until the schema refuses them.
 */
export interface ScheduleFormValues {
  name: string;
  enabled: boolean;
  page: string | undefined;
  template: string | null;
  frequency: ScheduleFrequency;
  weekday: number;
  day: number | null;
  time: string;
  range: ScheduleRange;
  last_days: number | null;
  query: { q: string };
  formats: DocumentFormat[];
  channel_ids: string[];
}

export function newScheduleValues(firstPage: string | undefined): ScheduleFormValues {
  return {
    name: '',
    enabled: true,
    page: firstPage,
    template: null,
    frequency: 'daily',
    weekday: 1,
    day: 1,
    time: '08:00',
    range: 'period',
    last_days: 7,
    query: { q: '' },
    formats: ['pdf'],
    channel_ids: [],
  };
}

export function scheduleValues(schedule: Schedule): ScheduleFormValues {
  return {
    name: schedule.name,
    enabled: schedule.enabled,
    page: schedule.page,
    template: schedule.template,
    frequency: schedule.frequency,
    weekday: schedule.weekday,
    day: schedule.day,
    time: schedule.time,
    range: schedule.range,
    last_days: schedule.last_days,
    query: { q: schedule.query.q },
    formats: schedule.formats,
    channel_ids: schedule.channel_ids,
  };
}

/** What an admin set on a stored schedule, to send back with one change (the enable switch). */
export const inputOf = (schedule: Schedule): ScheduleInput => scheduleInput.parse(schedule);

const LABELS: Record<string, ZhText> = {
  name: zh('名称'),
  page: zh('页面'),
  template: zh('报告模板'),
  frequency: zh('频率'),
  weekday: zh('星期'),
  day: zh('日期#每月'),
  time: zh('时间'),
  last_days: zh('天数'),
  q: zh('关键词'),
  formats: zh('文件格式'),
  channel_ids: zh('发送渠道'),
};

const labelOf = (path: IssuePath, t: Translate) =>
  t(LABELS[String(path.findLast((key) => typeof key === 'string'))] ?? zh('内容'));

/**
 * The form's values as a schedule, checked by the contract the server checks with: the input,
 * or each problem on the field it is about.
 */
export function checkSchedule(
  values: ScheduleFormValues,
  // The query's filters are kept as the stored schedule has them; the drawer edits only `q`.
  stored: Schedule | undefined,
  t: Translate,
): { ok: true; input: ScheduleInput } | { ok: false; issues: FieldIssue[] } {
  const draft = { ...values, query: { ...stored?.query, q: values.query.q ?? '' } };
  const checked = checkWithSchema(scheduleInput, draft, (path) => labelOf(path, t), t);
  return checked.ok ? { ok: true, input: checked.data } : checked;
}

const timing = scheduleInput.pick({
  frequency: true,
  weekday: true,
  day: true,
  time: true,
  range: true,
  last_days: true,
});

/** When the schedule as edited would send next, or undefined while its timing is not valid. */
export function previewNextRun(
  values: Partial<ScheduleFormValues>,
  now: number,
  timeZone: string,
): number | undefined {
  const parsed = timing.safeParse(values);
  return parsed.success ? nextRunAfter(parsed.data, now, timeZone) : undefined;
}
