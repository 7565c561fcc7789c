import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  CONDITION_KINDS,
  CONDITION_KIND_LABELS,
  alertRuleInput,
  alertRuleName,
  listedAlertRule,
  ruleCondition,
  type ConditionKind,
  type RuleCondition,
} from './rule.js';

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

describe('condition kinds', () => {
  it('are the kinds the condition union takes, each with its Chinese name', () => {
    expect(ruleCondition.options.map((option) => option.shape.kind.value)).toEqual([
      ...CONDITION_KINDS,
    ]);
    expect(Object.keys(CONDITION_KIND_LABELS)).toEqual([...CONDITION_KINDS]);
    expectTypeOf<ConditionKind>().toEqualTypeOf<RuleCondition['kind']>();
  });
});

describe('rules as listed', () => {
  const stored = {
    ...alertRuleInput.parse({ name: '负面突增', condition: spike }),
    _id: 'r1',
    created_at: 1,
    updated_at: 2,
    last_checked_at: null,
  };

  it('carry their last alert time (or null) and their alerts of the past 7 days', () => {
    expect(listedAlertRule.parse({ ...stored, last_alert_at: null, recent_alerts: 0 })).toEqual({
      ...stored,
      last_alert_at: null,
      recent_alerts: 0,
    });
    expect(listedAlertRule.safeParse({ ...stored, last_alert_at: 5 }).success).toBe(false);
  });

  it('as names give members the id and name alone', () => {
    expect(alertRuleName.parse(stored)).toEqual({ _id: 'r1', name: '负面突增' });
  });
});
