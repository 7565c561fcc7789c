import type { StatisticsAnswer } from '../posts/answers.js';
import { changeRatio, formatNumber, formatPercent } from '../format.js';
import { page, type Page, type PageInput } from './page.js';

const bar: PageInput['filter'] = [
  { type: 'date_range', default: 'last_7_days' },
  { type: 'search' },
  { type: 'denoise' },
  { type: 'quick_range' },
];

/** Both layouts end with the event timeline: what happened, in order, each with its post. */
const TIMELINE_SECTION = {
  i: 'ai-timeline',
  x: 0,
  y: 48,
  w: 24,
  h: 20,
  type: 'event-timeline',
  aggs: 'common_event_timeline',
  title: '事件脉络',
} as const;

/** Built-in layouts of the AI report screen, used when the dashboard has no page for its menu key. */
const LAYOUTS: Record<'project' | 'subject', PageInput> = {
  project: {
    filter: bar,
    charts: [
      {
        i: 'ai-stats',
        x: 0,
        y: 0,
        w: 24,
        h: 8,
        type: 'statistics-card',
        aggs: 'common_statistics',
        title: '核心指标',
      },
      {
        i: 'ai-trend',
        x: 0,
        y: 8,
        w: 16,
        h: 12,
        type: 'lines',
        aggs: 'common_trend',
        title: '声量走势',
      },
      {
        i: 'ai-tendency',
        x: 16,
        y: 8,
        w: 8,
        h: 12,
        type: 'pie',
        aggs: 'common_terms',
        title: '情感分布',
        innerRequest: { field: 'tendency' },
        options: { format: 'percent' },
      },
      {
        i: 'ai-platforms',
        x: 0,
        y: 20,
        w: 12,
        h: 12,
        type: 'bar',
        aggs: 'common_terms',
        title: '平台分布',
        innerRequest: { field: 'media_platform', size: 11 },
      },
      {
        i: 'ai-words',
        x: 12,
        y: 20,
        w: 12,
        h: 12,
        type: 'words',
        aggs: 'common_words',
        title: '热词',
        innerRequest: { size: 60 },
      },
      {
        i: 'ai-map',
        x: 0,
        y: 32,
        w: 12,
        h: 16,
        type: 'map',
        aggs: 'common_terms',
        title: '地域分布',
        innerRequest: { field: 'province', size: 34 },
      },
      {
        i: 'ai-hot',
        x: 12,
        y: 32,
        w: 12,
        h: 16,
        type: 'hot-list',
        aggs: 'common_hot_posts',
        title: '热门信息',
        innerRequest: { sort: 'engagement_num desc' },
      },
      TIMELINE_SECTION,
    ],
  },
  subject: {
    filter: bar,
    charts: [
      {
        i: 'ai-stats',
        x: 0,
        y: 0,
        w: 24,
        h: 6,
        type: 'statistics',
        aggs: 'common_statistics',
        title: '专题概览',
        options: { metrics: ['volume', 'engagement_num', '正面', '负面', 'negative_rate'] },
      },
      {
        i: 'ai-trend',
        x: 0,
        y: 6,
        w: 24,
        h: 12,
        type: 'lines',
        aggs: 'common_trend',
        title: '情感走势',
        innerRequest: { series: 'tendency' },
        options: { showLegend: true },
      },
      {
        i: 'ai-words',
        x: 0,
        y: 18,
        w: 12,
        h: 14,
        type: 'words',
        aggs: 'common_words',
        title: '专题热词',
        innerRequest: { size: 60 },
      },
      {
        i: 'ai-graph',
        x: 12,
        y: 18,
        w: 12,
        h: 14,
        type: 'm-weibo-graph',
        aggs: 'common_retweet_graph',
        title: '传播路径',
        innerRequest: { size: 10 },
      },
      {
        i: 'ai-hot',
        x: 0,
        y: 32,
        w: 24,
        h: 16,
        type: 'hot-list',
        aggs: 'common_hot_posts',
        title: '热门信息',
        innerRequest: { sort: 'engagement_num desc' },
      },
      TIMELINE_SECTION,
    ],
  },
};

export function aiReportLayout(kind: 'project' | 'subject'): Page {
  return page.parse(LAYOUTS[kind]);
}

/** A change as words: 上升 12.50%, 下降 3.00%, 持平, or 无可比数据 without a base. */
function changeText(current: number, previous: number): string {
  const ratio = changeRatio(current, previous);
  if (ratio === undefined) return '上期无数据可比';
  if (ratio === 0) return '与上期持平';
  return `较上期${ratio > 0 ? '上升' : '下降'} ${formatPercent(Math.abs(ratio))}`;
}

/** The searches the report's summary reads: the statistics, and the platform with most posts. */
export function summarySearches<Q extends object>(query: Q) {
  return {
    statistics: { ...query, aggs: 'common_statistics' as const },
    platforms: { ...query, aggs: 'common_terms' as const, field: 'media_platform', size: 1 },
  };
}

/**
 * The report's summary paragraph, written from the numbers by fixed rules (no language model):
 * volume and its change, the sentiment split, engagement, and the leading platform.
 */
export function summarizeReport(
  statistics: StatisticsAnswer,
  topPlatform?: { name: string; value: number },
): string[] {
  const { current, previous } = statistics;
  if (current.volume === 0) return ['所选时间范围内暂无数据。'];
  const share = (count: number) => formatPercent(count / current.volume);
  const positive = current.tendency['正面'] ?? 0;
  const negative = current.tendency['负面'] ?? 0;
  const neutral = current.tendency['中性'] ?? 0;
  const lines = [
    `本期共监测到相关信息 ${formatNumber(current.volume)} 条，${changeText(current.volume, previous.volume)}。`,
    `其中正面 ${formatNumber(positive)} 条（${share(positive)}），中性 ${formatNumber(neutral)} 条（${share(neutral)}），负面 ${formatNumber(negative)} 条（${share(negative)}）；负面声量${changeText(negative, previous.tendency['负面'] ?? 0)}。`,
    `互动总量 ${formatNumber(current.engagement_num)}，${changeText(current.engagement_num, previous.engagement_num)}。`,
  ];
  if (topPlatform && topPlatform.value > 0)
    lines.push(
      `声量最高的平台是${topPlatform.name}，共 ${formatNumber(topPlatform.value)} 条，占 ${share(topPlatform.value)}。`,
    );
  return lines;
}
