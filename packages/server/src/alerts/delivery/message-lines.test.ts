import { describe, expect, it } from 'vitest';
import { alertMessage } from '@yuqing/core';
import { alertLines, alertTitle, safeUrl, type MarkupDialect } from './message-lines.js';

const plain: MarkupDialect = {
  text: (value) => value,
  link: (label, url) => `${label} <${url}>`,
  bold: (value) => value,
};

const share = alertMessage.parse({
  ruleName: '负面占比',
  level: 'warning',
  raisedAt: Date.UTC(2026, 0, 1, 12),
  updated: true,
  timeZone: 'America/New_York',
  window: { from: Date.UTC(2026, 0, 1, 11), to: Date.UTC(2026, 0, 1, 12) },
  numbers: { measure: 'share', current: 0.45, baseline: 0.1, score: 4.5 },
  topPosts: [],
  topWords: [],
  platforms: [],
  link: 'https://yuqing.example.com/p/',
});

describe('alertLines', () => {
  it('tells an update, shares as percents, times in the zone, and leaves out what is empty', () => {
    expect(alertTitle(share)).toBe('【预警更新·警告】负面占比');
    expect(alertLines(share, plain)).toEqual([
      '时间：2026-01-01 07:00（统计窗口 2026-01-01 06:00 至 2026-01-01 07:00）',
      '数据：当前 45.0%，基线 10.0%，异常分 4.5',
      '查看详情 <https://yuqing.example.com/p/>',
    ]);
  });
});

describe('safeUrl', () => {
  it('keeps http(s) addresses with the characters that end a Markdown link encoded', () => {
    expect(safeUrl('https://weibo.com/a (1)')).toBe('https://weibo.com/a%20%281%29');
    expect(safeUrl('https://weibo.com/a)](javascript:x)')).toBe(
      'https://weibo.com/a%29]%28javascript:x%29',
    );
  });

  it('drops other schemes and what is no address', () => {
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl('data:text/html,x')).toBeUndefined();
    expect(safeUrl('not a url')).toBeUndefined();
  });
});
