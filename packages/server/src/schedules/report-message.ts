import {
  SCHEDULE_FREQUENCY_LABELS,
  scheduleRangeText,
  scheduleTimingText,
  type DocumentFormat,
  type ScheduleTiming,
} from '@yuqing/core';
import type { ChannelMessage } from '../alerts/delivery/channel-message.js';
import { formatTime, safeUrl } from '../alerts/delivery/message-lines.js';
import { sizeText } from '../export/report-quotas.js';

/** What a scheduled report's message tells: its period, brief, files and link. */
export interface ReportDigest {
  scheduleName: string;
  /** When the schedule sends and over which range. */
  timing: ScheduleTiming;
  timeZone: string;
  period: { start: number; end: number };
  pageTitle: string;
  /** The period's figures in sentences (the rule-written brief). */
  brief: string[];
  /** The first lines of the model's checked brief, when the server has a model. */
  modelBrief: string[];
  files: { format: DocumentFormat; name: string; size: number }[];
  /** The report snapshot in the product. */
  link: string;
}

/** `2026-11-26` for a day, `2026-11-16 至 2026-11-22` for longer (the end is exclusive). */
export function periodText(period: { start: number; end: number }, timeZone: string): string {
  const first = formatTime(period.start, timeZone).slice(0, 10);
  const last = formatTime(period.end - 1, timeZone).slice(0, 10);
  return first === last ? first : `${first} 至 ${last}`;
}

/** `【日报】品牌日报 · 2026-11-26`. */
const reportTitle = (
  digest: Pick<ReportDigest, 'timing' | 'scheduleName' | 'period' | 'timeZone'>,
) =>
  `【${SCHEDULE_FREQUENCY_LABELS[digest.timing.frequency]}】${digest.scheduleName} · ${periodText(digest.period, digest.timeZone)}`;

/**
 * A scheduled report as every channel sends it: the title, the page and period, the brief, the
 * files and the report's link; a webhook receives the digest's own fields. Mail may carry the
 * files themselves.
 */
export function reportChannelMessage(
  digest: ReportDigest,
  attachments?: ChannelMessage['attachments'],
): ChannelMessage {
  return {
    title: reportTitle(digest),
    level: 'info',
    lines: (markup) => {
      const label = (name: string) => markup.bold(`${name}：`);
      const lines = [
        `${label('周期')}${periodText(digest.period, digest.timeZone)}（${scheduleRangeText(digest.timing)}，${scheduleTimingText(digest.timing)} 发送）`,
        `${label('页面')}${markup.text(digest.pageTitle)}`,
        ...digest.brief.map((line) => markup.text(line)),
        ...digest.modelBrief.map(
          (line, at) => `${at === 0 ? label('AI 摘要') : ''}${markup.text(line)}`,
        ),
      ];
      if (digest.files.length)
        lines.push(
          `${label('文件')}${digest.files.map((file) => `${markup.text(file.name)}（${sizeText(file.size)}）`).join('、')}`,
        );
      lines.push(markup.link('查看报告', safeUrl(digest.link) ?? digest.link));
      return lines;
    },
    webhook: { event: 'report', report: digest },
    ...(attachments && { attachments }),
  };
}
