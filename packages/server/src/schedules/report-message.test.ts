import { describe, expect, it } from 'vitest';
import { chatMarkdown } from '../alerts/delivery/chat-markdown.js';
import { reportChannelMessage, type ReportDigest } from './report-message.js';

const DAY = 86_400_000;
/** 2026-11-16 00:00 in Shanghai, a Monday. */
const MONDAY = Date.UTC(2026, 10, 15, 16);

const digest = (patch: Partial<ReportDigest> = {}): ReportDigest => ({
  scheduleName: '品牌周报',
  timing: {
    frequency: 'weekly',
    weekday: 1,
    day: 1,
    time: '08:00',
    range: 'period',
    last_days: 7,
  },
  timeZone: 'Asia/Shanghai',
  period: { start: MONDAY, end: MONDAY + 7 * DAY },
  pageTitle: '概览',
  brief: ['本期共监测到相关信息 1,200 条。'],
  modelBrief: [],
  files: [{ format: 'pdf', name: '品牌周报.pdf', size: 2048 }],
  link: 'https://yuqing.example.com/report?id=r1',
  ...patch,
});

describe('a scheduled report’s message', () => {
  it('names the report, its period in words with its timing, the page, brief, files and link', () => {
    const message = reportChannelMessage(digest());
    expect(message.title).toBe('【周报】品牌周报 · 2026-11-16 至 2026-11-22');
    const lines = message.lines(chatMarkdown);
    expect(lines[0]).toBe('**周期：**2026-11-16 至 2026-11-22（上周，每周一 08:00 发送）');
    expect(lines[1]).toBe('**页面：**概览');
    expect(lines).toContain('本期共监测到相关信息 1,200 条。');
    expect(lines.at(-1)).toContain('https://yuqing.example.com/report?id=r1');
  });

  it('says a last-N-days range as such', () => {
    const timing = {
      ...digest().timing,
      frequency: 'daily' as const,
      range: 'last_days' as const,
      last_days: 3,
    };
    const lines = reportChannelMessage(digest({ timing })).lines(chatMarkdown);
    expect(lines[0]).toContain('（近 3 天，每天 08:00 发送）');
  });
});
