import type { AlertRuleInput, RuleTestWindow, TestAlertRuleAnswer } from '@yuqing/core';
import type { EChartsCoreOption } from 'echarts/core';
import { formatRange, formatTime } from '../../alert-display/alertTime';
import { percentText, roundText } from '../../alert-display/measureText';
import { FONT_FAMILY, AXIS_COLOR, LABEL_COLOR } from '../../widgets/echarts/common';
import { zh, type ZhText } from '../../i18n/translateText';
import { currentT, type Translate } from '../../i18n/useT';

const DAY_MINUTES = 1440;
const LINE = '#1677ff';
const FIRED = '#f5222d';
const QUIET = '#faad14';
const BASELINE = '#8c8c8c';

export const OUTCOME_TEXT: Record<RuleTestWindow['outcome'], ZhText> = {
  calm: zh('未触发'),
  raised: zh('触发，产生预警'),
  updated: zh('触发，更新同一事件的预警'),
  quiet: zh('触发，处于免打扰时段，不预警'),
};

/**
 * What the chart draws of each window, and in what words: a count of posts, a share of 负面
 * posts, notable posts, or (new terms) the matching posts the new terms were found among.
 */
export function plotted(rule: AlertRuleInput, t: Translate = currentT()) {
  const condition = rule.condition;
  switch (condition.kind) {
    case 'negative_share':
      return { name: t('负面占比'), share: true, of: (w: RuleTestWindow) => w.value };
    case 'notable_post':
      return { name: t('重要发文'), share: false, of: (w: RuleTestWindow) => w.value };
    case 'new_term':
      return { name: t('匹配条数'), share: false, of: (w: RuleTestWindow) => w.count };
    case 'spike':
      return {
        name: condition.measure === 'negative' ? t('负面声量') : t('声量'),
        share: false,
        of: (w: RuleTestWindow) => w.value,
      };
    case 'volume':
      return { name: t('声量'), share: false, of: (w: RuleTestWindow) => w.value };
  }
}

const unitText = (share: boolean, value: number, t: Translate) =>
  share ? percentText(value) : t('{count} 条', { count: roundText(value) });

/** The tooltip of one window: its range, value, threshold, baseline and what it would have done. */
export function windowTooltip(
  window: RuleTestWindow,
  rule: AlertRuleInput,
  timeZone: string,
  t: Translate = currentT(),
): string[] {
  const shown = plotted(rule, t);
  const start = window.window_end - rule.condition.window_minutes * 60_000;
  const lines = [
    formatRange(start, window.window_end, timeZone),
    t('{name}：{value}', { name: shown.name, value: unitText(shown.share, shown.of(window), t) }),
  ];
  if (rule.condition.kind === 'negative_share' || rule.condition.kind === 'notable_post')
    lines.push(t('匹配条数：{count} 条', { count: roundText(window.count) }));
  if (rule.condition.kind === 'new_term')
    lines.push(t('新词或话题：{count} 个', { count: window.value }));
  if (window.baseline !== null)
    lines.push(t('基线（中位数）：{value}', { value: unitText(false, window.baseline, t) }));
  if (window.threshold !== null)
    lines.push(t('触发线：{value}', { value: unitText(shown.share, window.threshold, t) }));
  lines.push(t(OUTCOME_TEXT[window.outcome]));
  return lines;
}

/** A mark on the line at each window that fired: red for alerts, amber for quiet hours. */
function marks(
  name: string,
  windows: readonly RuleTestWindow[],
  value: (w: RuleTestWindow) => number,
  pick: (w: RuleTestWindow) => boolean,
  color: string,
) {
  const data = windows.flatMap((w, index) =>
    pick(w) ? [{ value: [index, value(w)], symbolSize: w.outcome === 'raised' ? 11 : 7 }] : [],
  );
  return data.length === 0
    ? []
    : [
        {
          type: 'scatter',
          name,
          data,
          z: 4,
          itemStyle: { color, borderColor: '#fff', borderWidth: 1 },
        },
      ];
}

/** Days labelled on the axis at most; more days are labelled every second, third… day. */
const MAX_DAY_LABELS = 10;

/**
 * The axis labels: the date (MM/DD, in the project's zone) at the first window of a day, every
 * so many days. A window of a day or longer is named by the day it covers (it ends at the next).
 */
export function dayLabels(
  windows: readonly RuleTestWindow[],
  stepMinutes: number,
  timeZone: string,
): Map<number, string> {
  const daily = stepMinutes % DAY_MINUTES === 0;
  const dayOf = (end: number) => formatTime(daily ? end - 1 : end, timeZone).slice(5, 10);
  const starts: [number, string][] = [];
  windows.forEach((window, index) => {
    const day = dayOf(window.window_end);
    if (daily || index === 0 || day !== dayOf(windows[index - 1]!.window_end))
      starts.push([index, day]);
  });
  // The first window is labelled only when it starts its day, as the rest.
  if (!daily && starts[0] && windows.length > 1 && !startsDay(windows, timeZone)) starts.shift();
  const every = Math.max(1, Math.ceil(starts.length / MAX_DAY_LABELS));
  return new Map(starts.filter((_, i) => i % every === 0));
}

/** Whether the first window is the first of its day: the one before it would fall on another. */
function startsDay(windows: readonly RuleTestWindow[], timeZone: string): boolean {
  const [first, second] = windows as [RuleTestWindow, RuleTestWindow];
  const before = first.window_end - (second.window_end - first.window_end);
  return (
    formatTime(before, timeZone).slice(0, 10) !==
    formatTime(first.window_end, timeZone).slice(0, 10)
  );
}

/**
 * The test's chart: every checked window's value as a line, the line it had to pass (and a
 * spike's baseline), and a mark on each window that fired. The x axis is the windows in order
 * (evenly spaced), labelled in the project's zone.
 */
export function ruleTestOption(
  answer: TestAlertRuleAnswer,
  rule: AlertRuleInput,
  timeZone: string,
  t: Translate = currentT(),
): EChartsCoreOption {
  const { windows } = answer;
  const shown = plotted(rule, t);
  const labelled = dayLabels(windows, answer.step_minutes, timeZone);
  const axisValue = (value: number) =>
    shown.share ? `${Math.round(value * 100)}%` : roundText(value);
  const withThreshold = windows.some((w) => w.threshold !== null);
  const withBaseline = windows.some((w) => w.baseline !== null);
  const series = [
    {
      type: 'line',
      name: shown.name,
      data: windows.map(shown.of),
      showSymbol: false,
      lineStyle: { width: 1.5, color: LINE },
      itemStyle: { color: LINE },
      areaStyle: { color: 'rgba(22, 119, 255, 0.08)' },
      z: 3,
    },
    ...(withBaseline
      ? [
          {
            type: 'line',
            name: t('基线（中位数）'),
            data: windows.map((w) => w.baseline),
            showSymbol: false,
            lineStyle: { width: 1, color: BASELINE },
            itemStyle: { color: BASELINE },
          },
        ]
      : []),
    ...(withThreshold
      ? [
          {
            type: 'line',
            name: t('触发线'),
            data: windows.map((w) => w.threshold),
            showSymbol: false,
            lineStyle: { width: 1, type: 'dashed', color: FIRED },
            itemStyle: { color: FIRED },
          },
        ]
      : []),
    ...marks(
      t('触发'),
      windows,
      shown.of,
      (w) => w.outcome === 'raised' || w.outcome === 'updated',
      FIRED,
    ),
    ...marks(t('免打扰时段触发'), windows, shown.of, (w) => w.outcome === 'quiet', QUIET),
  ];
  return {
    textStyle: { fontFamily: FONT_FAMILY },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, left: 0, itemWidth: 16, itemHeight: 8, textStyle: { color: LABEL_COLOR } },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'line' },
      formatter: (params: { dataIndex: number }[]) => {
        const window = windows[params[0]?.dataIndex ?? -1];
        return window ? windowTooltip(window, rule, timeZone, t).join('<br/>') : '';
      },
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: windows.map((w) => w.window_end),
      axisLine: { lineStyle: { color: AXIS_COLOR } },
      axisTick: { alignWithLabel: true, interval: (index: number) => labelled.has(index) },
      axisLabel: {
        color: LABEL_COLOR,
        interval: (index: number) => labelled.has(index),
        formatter: (_: string, index: number) => labelled.get(index) ?? '',
      },
    },
    yAxis: {
      type: 'value',
      min: 0,
      minInterval: shown.share ? 0 : 1,
      axisLabel: { color: LABEL_COLOR, formatter: axisValue },
      splitLine: { lineStyle: { type: 'dashed', color: AXIS_COLOR } },
    },
    series,
  };
}
