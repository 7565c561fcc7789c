import {
  formatPostTime,
  type DocumentFormat,
  type MenuItem,
  type ScheduleRun,
  type ScheduleTiming,
} from '@yuqing/core';
import { WEEKDAYS } from '../../format/weekdays';
import { zh } from '../../i18n/translateText';
import type { Translate } from '../../i18n/useT';

export const FORMAT_LABELS: Record<DocumentFormat, string> = {
  pdf: 'PDF',
  pptx: 'PPT',
  docx: 'Word',
};
/** The order the editor offers the formats in. */
export const FORMAT_CHOICES: readonly DocumentFormat[] = ['pdf', 'pptx', 'docx'];

/** 上一周期 of each frequency: 昨天, 上周, 上月. */
const PERIOD_LABELS = { daily: zh('昨天'), weekly: zh('上周'), monthly: zh('上月') } as const;

/**
 * '每周一 08:00' in the viewer's language; in Chinese it reads as core's `scheduleTimingText`,
 * which has no English of its own.
 */
export function timingText(timing: ScheduleTiming, t: Translate): string {
  switch (timing.frequency) {
    case 'daily':
      return t('每天 {time}', { time: timing.time });
    case 'weekly':
      return t('每{weekday} {time}', {
        weekday: t(WEEKDAYS[timing.weekday - 1]!),
        time: timing.time,
      });
    case 'monthly':
      return t('每月 {day} 日 {time}', { day: timing.day, time: timing.time });
  }
}

/** '昨天', '上周', '上月' or '近 7 天', as core's `scheduleRangeText`, in the viewer's language. */
export function rangeText(timing: ScheduleTiming, t: Translate): string {
  return timing.range === 'period'
    ? t(PERIOD_LABELS[timing.frequency])
    : t('近 {days} 天', { days: timing.last_days });
}

/** 上一周期 of a frequency, for the editor's range choice. */
export const periodLabel = (frequency: ScheduleTiming['frequency'], t: Translate) =>
  t(PERIOD_LABELS[frequency]);

/** The published pages a schedule may report on: the menu's dashboards (not AI reports). */
export const reportablePages = (menus: readonly MenuItem[]) =>
  menus.filter((item) => !item.isAiReport);

/** A page key as its menu shows it; the key itself when the menu no longer has it. */
export function pageLabel(menus: readonly MenuItem[], key: string, t: Translate): string {
  const item = menus.find((menu) => menu.key === key);
  return item ? t.label(item.label) : key;
}

/** A run's period as dates in the project's zone; its end is exclusive: 2026-11-26 ~ 2026-11-26. */
export function periodText(period: ScheduleRun['period'], timeZone: string): string {
  const day = (epochMs: number) => formatPostTime(epochMs, timeZone).slice(0, 10);
  return `${day(period.start)} ~ ${day(Math.max(period.start, period.end - 1))}`;
}
