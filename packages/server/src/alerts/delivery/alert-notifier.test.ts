import { describe, expect, it } from 'vitest';
import { alertRule, alertRuleInput, type Alert } from '@yuqing/core';
import { alertMessageOf } from './alert-notifier.js';

const rule = alertRule.parse({
  ...alertRuleInput.parse({
    name: '负面占比',
    level: 'warning',
    condition: { kind: 'negative_share', threshold: 0.3 },
  }),
  _id: 'rule-1',
  created_at: 0,
  updated_at: 0,
  last_checked_at: null,
});

const post = {
  _id: 'p1',
  title: '标题',
  uri: 'https://weibo.com/p1',
  created: 1_000,
  author: '作者',
  media: '微博',
  media_platform: 'Weibo',
  engagement_num: 42,
};

const alert: Alert = {
  _id: 'a1',
  rule_id: 'rule-1',
  rule_name: '负面占比',
  condition_kind: 'negative_share',
  level: 'warning',
  raised_at: 5_000,
  updated_at: 6_000,
  updates: 2,
  started_at: 1_000,
  measure: {
    window_start: 1_000,
    window_end: 5_000,
    value: 0.45,
    threshold: 0.3,
    count: 120,
    baseline: { median: 0.1, mad: 0.02, score: 4.5 },
    terms: [],
  },
  top_posts: [post],
  top_words: [{ name: '召回', value: 9 }],
  platforms: [
    { name: 'Weibo', value: 100 },
    { name: 'Red', value: 40 },
    { name: 'Ours', value: 7 },
    { name: 'NoSuchCode', value: 1 },
  ],
  first_post: post,
  link: '/demo/acme/brand/latest/#/overview?query=%7B%7D',
  read: false,
};

describe('alertMessageOf', () => {
  it("tells an alert update in the project's zone, a share as a share, the link made absolute, platforms by name", () => {
    const base = {
      baseUrl: 'https://yuqing.example.com',
      timeZone: 'America/New_York',
      medias: [{ code: 'Ours', name: '自有渠道' }],
    };
    expect(alertMessageOf(alert, rule, base)).toEqual({
      ruleName: '负面占比',
      level: 'warning',
      raisedAt: 5_000,
      updated: true,
      timeZone: 'America/New_York',
      window: { from: 1_000, to: 5_000 },
      numbers: { measure: 'share', current: 0.45, baseline: 0.1, score: 4.5 },
      topPosts: [{ title: '标题', url: 'https://weibo.com/p1', platform: '微博', engagement: 42 }],
      topWords: ['召回'],
      platforms: [
        { name: '微博', count: 100 },
        { name: '小红书', count: 40 },
        { name: '自有渠道', count: 7 },
        { name: 'NoSuchCode', count: 1 },
      ],
      firstPost: {
        title: '标题',
        url: 'https://weibo.com/p1',
        platform: '微博',
        engagement: 42,
        created: 1_000,
      },
      link: 'https://yuqing.example.com/demo/acme/brand/latest/#/overview?query=%7B%7D',
    });
  });
});
