import { alertRuleInput, type RuleTestWindow, type TestAlertRuleAnswer } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { dayLabels, ruleTestOption, windowTooltip } from './ruleTestChart';
import { spacingText, testSummary } from './RuleTestResult';

const HOUR = 3_600_000;
/** 08:00 in Shanghai. */
const END = Date.UTC(2026, 10, 1);
const ZONE = 'Asia/Shanghai';

const window = (index: number, fields: Partial<RuleTestWindow> = {}): RuleTestWindow => ({
  window_end: END - (3 - index) * HOUR,
  value: 5,
  count: 5,
  threshold: 10,
  baseline: null,
  outcome: 'calm',
  ...fields,
});

function answerOf(windows: RuleTestWindow[], stepMinutes = 60): TestAlertRuleAnswer {
  const fired = windows.filter((w) => w.outcome === 'raised' || w.outcome === 'updated');
  return {
    checked: windows.length,
    step_minutes: stepMinutes,
    windows,
    firings: fired.map((w) => ({
      window_start: w.window_end - HOUR,
      window_end: w.window_end,
      value: w.value,
      threshold: w.threshold ?? 0,
      count: w.count,
      baseline: null,
      terms: [],
    })),
    alerts: fired.filter((w) => w.outcome === 'raised').length,
  };
}

interface Series {
  name: string;
  type: string;
  data: unknown[];
}
const seriesOf = (option: object) => (option as { series: Series[] }).series;
const axisLabel = (option: object, index: number) =>
  (
    option as { xAxis: { axisLabel: { formatter(value: string, index: number): string } } }
  ).xAxis.axisLabel.formatter('', index);

const volume = alertRuleInput.parse({
  name: '声量',
  interval_minutes: 60,
  condition: { kind: 'volume', threshold: 10 },
});

describe('the rule test’s chart', () => {
  const windows = [
    window(0),
    window(1, { value: 14, count: 14, outcome: 'raised' }),
    window(2, { value: 12, count: 12, outcome: 'updated' }),
    window(3, { value: 11, count: 11, outcome: 'quiet' }),
  ];

  it('draws every window’s count as a line, the threshold, and a mark where it fired', () => {
    const series = seriesOf(ruleTestOption(answerOf(windows), volume, ZONE));
    expect(series.map((s) => [s.type, s.name])).toEqual([
      ['line', '声量'],
      ['line', '触发线'],
      ['scatter', '触发'],
      ['scatter', '免打扰时段触发'],
    ]);
    expect(series[0]!.data).toEqual([5, 14, 12, 11]);
    expect(series[1]!.data).toEqual([10, 10, 10, 10]);
    // A new alert's mark is larger than an update's.
    expect(series[2]!.data).toEqual([
      { value: [1, 14], symbolSize: 11 },
      { value: [2, 12], symbolSize: 7 },
    ]);
    expect(series[3]!.data).toEqual([{ value: [3, 11], symbolSize: 7 }]);
  });

  it('labels the first window of a day by its date in the project’s zone, a day at most every tenth', () => {
    const hours = Array.from({ length: 72 }, (_, i) =>
      window(0, { window_end: END - (71 - i) * HOUR }),
    );
    // From 2026/10/29 09:00 to 11/01 08:00 in Shanghai: the windows ending at midnight.
    expect(dayLabels(hours, 60, ZONE)).toEqual(
      new Map([
        [15, '10/30'],
        [39, '10/31'],
        [63, '11/01'],
      ]),
    );
    const option = ruleTestOption(answerOf(hours), volume, ZONE);
    expect(axisLabel(option, 39)).toBe('10/31');
    expect(axisLabel(option, 40)).toBe('');
    // Day-long windows are named by the day they cover; 30 of them, every third.
    const days = Array.from({ length: 30 }, (_, i) =>
      window(0, { window_end: END - (29 - i) * 24 * HOUR }),
    );
    const daily = dayLabels(days, 1440, 'UTC');
    expect([...daily.keys()]).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27]);
    expect(daily.get(27)).toBe('10/29');
  });

  it('gives a spike its baseline and a window-by-window trigger line', () => {
    const spike = alertRuleInput.parse({
      name: '负面突增',
      condition: { kind: 'spike', measure: 'negative' },
    });
    const spiky = [
      window(0, { baseline: 2, threshold: 20 }),
      window(1, { baseline: 4, threshold: 22 }),
    ];
    const series = seriesOf(ruleTestOption(answerOf(spiky), spike, ZONE));
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['负面声量', [5, 5]],
      ['基线（中位数）', [2, 4]],
      ['触发线', [20, 22]],
    ]);
  });

  it('tells a negative share in percent, and its matching posts', () => {
    const share = alertRuleInput.parse({
      name: '负面占比',
      condition: { kind: 'negative_share', threshold: 0.3 },
    });
    const one = window(0, { value: 0.452, count: 31, threshold: 0.3, outcome: 'raised' });
    const option = ruleTestOption(answerOf([one]), share, ZONE) as {
      yAxis: { axisLabel: { formatter(value: number): string } };
    };
    expect(option.yAxis.axisLabel.formatter(0.25)).toBe('25%');
    expect(windowTooltip(one, share, ZONE)).toEqual([
      '2026/11/01 04:00 – 05:00',
      '负面占比：45.2%',
      '匹配条数：31 条',
      '触发线：30.0%',
      '触发，产生预警',
    ]);
  });

  it('draws new terms over the matching posts, with no trigger line', () => {
    const terms = alertRuleInput.parse({ name: '新词', condition: { kind: 'new_term' } });
    const found = window(0, { value: 2, count: 40, threshold: null, outcome: 'raised' });
    const series = seriesOf(ruleTestOption(answerOf([found]), terms, ZONE));
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['匹配条数', [40]],
      ['触发', [{ value: [0, 40], symbolSize: 11 }]],
    ]);
    expect(windowTooltip(found, terms, ZONE)).toContain('新词或话题：2 个');
  });
});

describe('the rule test’s summary', () => {
  it('counts windows fired, the alerts they make and those kept quiet', () => {
    const windows = [
      window(0, { outcome: 'raised' }),
      window(1, { outcome: 'updated' }),
      window(2, { outcome: 'quiet' }),
    ];
    expect(testSummary(answerOf(windows))).toBe(
      '过去 30 天检查 3 个窗口，2 个窗口触发，合并为 1 条预警；另有 1 个窗口在免打扰时段触发，不预警',
    );
    expect(testSummary(answerOf([window(0)]))).toBe('过去 30 天检查 1 个窗口，均未产生预警');
  });

  it('says when the test spaced its windows wider than the rule is checked', () => {
    const often = alertRuleInput.parse({
      name: '高频',
      interval_minutes: 5,
      condition: { kind: 'volume', window_minutes: 5, threshold: 10 },
    });
    expect(spacingText(answerOf([], 60), often)).toBe(
      '规则每 5 分钟检查一次；测试最多检查 720 个窗口，每小时取一个 5 分钟窗口',
    );
    expect(spacingText(answerOf([], 60), volume)).toBeUndefined();
    const daily = alertRuleInput.parse({
      name: '日声量',
      interval_minutes: 5,
      condition: { kind: 'volume', window_minutes: 1440, threshold: 10 },
    });
    expect(spacingText(answerOf([], 1440), daily)).toBe(
      '规则每 5 分钟检查一次；测试将 1 天窗口首尾相接，逐个检查过去 30 天',
    );
  });
});
