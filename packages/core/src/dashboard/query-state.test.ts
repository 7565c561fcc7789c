import { describe, expect, it } from 'vitest';
import { chart } from './chart.js';
import { addFilterValue, chartRequest, compactRequest, queryState } from './query-state.js';

const TZ = 'Asia/Shanghai';
const now = Date.UTC(2026, 10, 21, 4);
const state = queryState.parse({
  start: 1000,
  end: 2000,
  q: '星河',
  media_platform: ['Weibo'],
  topic_paths: ['/'],
  filters: [{ field: 'tendency', value: ['负面'] }],
  chartOptions: { a: { value_type: 'engagement_num' } },
});

describe('chartRequest', () => {
  it('builds a widget request from the query, its chips, options and switches', () => {
    const widget = chart.parse({
      i: 'a',
      x: 0,
      y: 0,
      w: 12,
      h: 10,
      type: 'bar',
      aggs: 'common_terms',
      filter: [{ field: 'water_post', value: ['NO'] }],
      innerRequest: { field: 'province', size: 10, value_type: 'volume' },
    });
    expect(chartRequest(state, widget, { now, timeZone: TZ })).toEqual({
      start: 1000,
      end: 2000,
      q: '星河',
      media_platform: ['Weibo'],
      filters: [
        { field: 'tendency', value: ['负面'], exclude: false, ignore: false },
        { field: 'water_post', value: ['NO'], exclude: false, ignore: false },
      ],
      field: 'province',
      size: 10,
      // What the viewer switched wins over the configured value type.
      value_type: 'engagement_num',
      aggs: 'common_terms',
    });
  });

  it("lets a widget's own defaults override the page's query", () => {
    const widget = chart.parse({
      i: 'b',
      x: 0,
      y: 0,
      w: 12,
      h: 10,
      type: 'lines',
      aggs: 'common_trend',
      defaultQuery: [
        { field: 'range', value: 'yesterday' },
        { field: 'media_platform', value: ['WeChat'] },
        { field: 'q', value: '' },
      ],
    });
    const request = chartRequest(state, widget, { now, timeZone: TZ });
    expect(request.start).toBe(Date.UTC(2026, 10, 20) - 8 * 3_600_000);
    expect(request.media_platform).toEqual(['WeChat']);
    expect(request.q).toBeUndefined();
  });

  it("carries a trend widget's series options, the path level among them", () => {
    const widget = chart.parse({
      i: 'c',
      x: 0,
      y: 0,
      w: 12,
      h: 10,
      type: 'lines',
      aggs: 'common_trend',
      innerRequest: { series: 'topic_paths', level: 1, size: 5 },
    });
    expect(chartRequest(state, widget, { now, timeZone: TZ })).toMatchObject({
      series: 'topic_paths',
      level: 1,
      size: 5,
      aggs: 'common_trend',
    });
  });
});

describe('compactRequest', () => {
  it('drops empty values, empty lists and the root path (spec 5)', () => {
    expect(
      compactRequest({ q: '', a: [], b: undefined, c: 0, topic_paths: ['/', '/x'], d: ['/'] }),
    ).toEqual({ c: 0, topic_paths: ['/x'], d: ['/'] });
  });
});

describe('addFilterValue', () => {
  it('adds to the included chip of the field, or makes one', () => {
    const one = addFilterValue([], 'province', '广东');
    expect(one).toEqual([{ field: 'province', value: ['广东'], exclude: false, ignore: false }]);
    expect(addFilterValue(one, 'province', '广东')).toEqual(one);
    expect(addFilterValue(one, 'province', '浙江')[0]?.value).toEqual(['广东', '浙江']);
  });

  it('leaves an excluding chip alone and re-enables an ignored one', () => {
    const excluded = [
      { field: 'province' as const, value: ['广东'], exclude: true, ignore: false },
    ];
    expect(addFilterValue(excluded, 'province', '浙江')).toHaveLength(2);
    const ignored = [{ field: 'province' as const, value: ['广东'], exclude: false, ignore: true }];
    expect(addFilterValue(ignored, 'province', '浙江')).toEqual([
      { field: 'province', value: ['广东', '浙江'], exclude: false, ignore: false },
    ]);
  });
});
