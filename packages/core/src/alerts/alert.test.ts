import { describe, expect, it } from 'vitest';
import {
  ALERT_TEST_MAX_WINDOWS,
  alert,
  alertRuleChannelError,
  testAlertRuleAnswer,
  type RuleTestWindow,
} from './alert.js';

const measure = {
  window_start: 0,
  window_end: 3_600_000,
  value: 0.45,
  threshold: 0.2,
  count: 40,
  baseline: null,
  terms: [],
};
const stored = {
  _id: 'a1',
  rule_id: 'r1',
  rule_name: '负面占比',
  level: 'warning',
  raised_at: 3_600_000,
  updated_at: 3_600_000,
  updates: 0,
  started_at: 0,
  measure,
  top_posts: [],
  top_words: [],
  platforms: [],
  first_post: null,
  link: '/yuqing/c/p/latest/#/',
  read: false,
};

describe('alert', () => {
  it('names the condition kind its numbers were measured by', () => {
    expect(alert.parse({ ...stored, condition_kind: 'negative_share' }).condition_kind).toBe(
      'negative_share',
    );
    expect(alert.safeParse(stored).success).toBe(false);
    expect(alert.safeParse({ ...stored, condition_kind: 'share' }).success).toBe(false);
  });
});

describe('a rule test’s answer', () => {
  const window = (end: number): RuleTestWindow => ({
    window_end: end,
    value: 3,
    count: 3,
    threshold: 10,
    baseline: null,
    outcome: 'calm',
  });
  const answer = (windows: number) => ({
    checked: windows,
    step_minutes: 60,
    windows: Array.from({ length: windows }, (_, i) => window(i * 3_600_000)),
    firings: [],
    alerts: 0,
  });

  it('holds every checked window, at most a month of hours', () => {
    expect(testAlertRuleAnswer.parse(answer(ALERT_TEST_MAX_WINDOWS)).windows).toHaveLength(720);
    expect(testAlertRuleAnswer.safeParse(answer(ALERT_TEST_MAX_WINDOWS + 1)).success).toBe(false);
  });

  it('tells raised, updated and quiet windows apart', () => {
    const parsed = testAlertRuleAnswer.safeParse({
      ...answer(1),
      windows: [{ ...window(0), outcome: 'fired' }],
    });
    expect(parsed.error?.issues[0]?.path).toEqual(['windows', 0, 'outcome']);
  });
});

describe('a channel error of the project', () => {
  it('names its rule beside the channel', () => {
    const error = {
      ruleId: 'r1',
      channelId: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
      kind: 'webhook',
      error: '连接被拒绝（ECONNREFUSED）',
      at: 1,
      state: 'failed',
    };
    expect(alertRuleChannelError.parse(error)).toEqual(error);
    expect(alertRuleChannelError.safeParse({ ...error, ruleId: undefined }).success).toBe(false);
  });
});
