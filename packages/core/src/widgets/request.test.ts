import { chart } from '../dashboard/chart.js';
import { describe, expect, it } from 'vitest';
import { tabField } from './posts.js';
import { baseRequest, requestSize, requestSort, withDefaults, withValue } from './request.js';

describe('post widget requests', () => {
  it('drops what paging sets and keeps the query', () => {
    expect(
      baseRequest({ q: '续航', start: 1, page: 3, size: 10, sort: 'created asc', aggs: 'x' }),
    ).toEqual({ q: '续航', start: 1 });
  });

  it('reads the configured size and sort, else the defaults', () => {
    expect(requestSize({ size: 10 }, 20)).toBe(10);
    expect(requestSize({ size: 500 }, 20)).toBe(100);
    expect(requestSize({}, 20)).toBe(20);
    expect(requestSort({ sort: 'engagement_num desc' }, 'created desc')).toBe(
      'engagement_num desc',
    );
    expect(requestSort({ sort: 'nonsense' }, 'created desc')).toBe('created desc');
  });

  it('narrows a tab to its value with an included chip after the existing ones', () => {
    const chip = { field: 'water_post', value: ['YES'], exclude: true, ignore: false };
    expect(withValue({ filters: [chip] }, 'tendency', '负面').filters).toEqual([
      chip,
      { field: 'tendency', value: ['负面'], exclude: false, ignore: false },
    ]);
    expect(withValue({}, 'media_platform', 'Weibo').filters).toHaveLength(1);
  });

  it('tabs by tendency unless the widget names a field', () => {
    const base = { i: 't', x: 0, y: 0, w: 12, h: 20, type: 'tab-post' } as const;
    expect(tabField(chart.parse(base))).toBe('tendency');
    expect(tabField(chart.parse({ ...base, options: { tabField: 'media_platform' } }))).toBe(
      'media_platform',
    );
  });
});

describe('withDefaults', () => {
  it('fills only what the widget leaves unset', () => {
    expect(withDefaults({ field: 'tendency' }, { aggs: 'common_terms', field: 'media' })).toEqual({
      aggs: 'common_terms',
      field: 'tendency',
    });
    const treeSources = ['common_all_topic', 'common_terms'] as const;
    expect(
      withDefaults({ aggs: 'common_terms' }, { aggs: 'common_all_topic' }, treeSources),
    ).toEqual({ aggs: 'common_terms' });
  });

  it("draws a chart configured with an aggregation its type cannot draw with the type's own", () => {
    expect(withDefaults({ aggs: 'common_top5' }, { aggs: 'common_terms' })).toEqual({
      aggs: 'common_terms',
    });
  });
});
