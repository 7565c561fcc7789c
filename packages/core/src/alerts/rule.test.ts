import { describe, expect, it } from 'vitest';
import { alertRuleInput } from './rule.js';

const spike = { kind: 'spike', measure: 'negative' };

describe('alert rule input', () => {
  it('fills defaults of a spike rule', () => {
    const rule = alertRuleInput.parse({ name: '负面突增', condition: spike });
    expect(rule).toMatchObject({ level: 'warning', interval_minutes: 15, quiet_hours: null });
    expect(rule.condition).toMatchObject({ baseline_days: 14, min_count: 20, min_score: 3.5 });
    expect(rule.query.q).toBe('');
  });

  it('refuses bad input naming what is wrong', () => {
    const issues = (input: unknown) =>
      alertRuleInput.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ name: 'a', condition: spike, interval_minutes: 7 })).toEqual([
      'interval_minutes: 检查间隔须为 5、10、15、20、30、60、120、180、240、360、720、1440 分钟之一',
    ]);
    expect(issues({ name: 'a', condition: spike, query: { q: '(星河' } })?.[0]).toMatch(
      /^query\.q: /,
    );
    expect(issues({ name: 'a', condition: { kind: 'notable_post' } })).toEqual([
      'condition.media_levels: 请选择媒体级别或填写粉丝数',
    ]);
    expect(
      issues({ name: 'a', condition: spike, quiet_hours: { start: '22:00', end: '25:00' } }),
    ).toEqual(['quiet_hours.end: 时间须形如 22:00']);
  });
});
