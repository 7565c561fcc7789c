import { describe, expect, it } from 'vitest';
import type { Totals } from '../posts/answers.js';
import { aiReportLayout, summarizeReport } from './ai-report.js';

const totals = (volume: number, tendency: Record<string, number>, engagement = 0): Totals => ({
  volume,
  engagement_num: engagement,
  repost_num: 0,
  comment_num: 0,
  like_num: 0,
  read_num: 0,
  zpz_num: 0,
  tendency,
});

describe('AI report', () => {
  it('has valid built-in layouts for a project and a subject', () => {
    expect(aiReportLayout('project').charts.length).toBeGreaterThan(4);
    expect(aiReportLayout('subject').charts.map((chart) => chart.type)).toContain('m-weibo-graph');
    for (const kind of ['project', 'subject'] as const) {
      expect(aiReportLayout(kind).charts.map((chart) => chart.type)).toContain('event-timeline');
    }
  });

  it('summarises volume, sentiment, engagement and the leading platform from the numbers', () => {
    const lines = summarizeReport(
      {
        current: totals(1200, { 正面: 600, 中性: 400, 负面: 200 }, 35000),
        previous: totals(1000, { 正面: 500, 中性: 400, 负面: 100 }, 35000),
        value_type: 'volume',
      },
      { name: '微博', value: 480 },
    );
    expect(lines).toEqual([
      '本期共监测到相关信息 1,200 条，较上期上升 20.00%。',
      '其中正面 600 条（50.00%），中性 400 条（33.33%），负面 200 条（16.67%）；负面声量较上期上升 100.00%。',
      '互动总量 35,000，与上期持平。',
      '声量最高的平台是微博，共 480 条，占 40.00%。',
    ]);
  });

  it('says when there is nothing, and when the previous period had nothing', () => {
    const empty = totals(0, {});
    expect(summarizeReport({ current: empty, previous: empty, value_type: 'volume' })).toEqual([
      '所选时间范围内暂无数据。',
    ]);
    const [first] = summarizeReport({
      current: totals(5, { 正面: 5 }),
      previous: empty,
      value_type: 'volume',
    });
    expect(first).toBe('本期共监测到相关信息 5 条，上期无数据可比。');
  });
});
