import { describe, expect, it } from 'vitest';
import { page } from './page.js';
import { pageQuery } from './page-query.js';

const TZ = 'Asia/Shanghai';
// 2026-11-21 15:30 in Shanghai.
const now = Date.UTC(2026, 10, 21, 7, 30);
const day = (d: number) => Date.UTC(2026, 10, d) - 8 * 3_600_000;

describe('pageQuery', () => {
  it('opens on today with nothing else when the page sets nothing', () => {
    expect(pageQuery(page.parse({}), now, TZ)).toEqual({
      start: day(21),
      end: day(22),
      useModified: false,
      q: '',
      filters: [],
      denoise: '',
      chartOptions: {},
    });
  });

  it('applies item defaults, the tree default, then the defaultQuery list', () => {
    const query = pageQuery(
      page.parse({
        leftTreeMenu: { show: true, multiple: true, max: 2, default: ['/a', '/b', '/c'] },
        filter: [
          { type: 'date_range', default: 'last_7_days' },
          { type: 'select', field: 'media_platform', default: ['Weibo'] },
          {
            type: 'popover',
            options: [{ field: 'tendency', type: 'radio', default: ['负面'] }],
          },
        ],
        defaultQuery: [
          { field: 'media_platform', value: ['WeChat'] },
          { field: 'denoise', value: 'NO' },
          { field: 'q', value: '星河' },
        ],
      }),
      now,
      TZ,
    );
    expect(query).toMatchObject({
      start: day(15),
      end: day(22),
      q: '星河',
      denoise: 'NO',
      media_platform: ['WeChat'],
      tendency: ['负面'],
      topic_paths: ['/a', '/b'],
    });
  });

  it('lets a defaultQuery range replace the date picker default', () => {
    const query = pageQuery(
      page.parse({
        filter: [{ type: 'date_range', default: 'last_7_days' }],
        defaultQuery: [{ field: 'range', value: 'yesterday' }],
      }),
      now,
      TZ,
    );
    expect([query.start, query.end]).toEqual([day(20), day(21)]);
  });
});

describe('page layout', () => {
  const widget = (i: string, x: number, y: number, w: number, h: number) => ({
    i,
    x,
    y,
    w,
    h,
    type: 'pie',
  });

  it('refuses overlapping widgets and repeated ids, naming them', () => {
    const overlapping = page.safeParse({
      charts: [widget('a', 0, 0, 12, 10), widget('b', 8, 9, 8, 5)],
    });
    expect(overlapping.error?.issues[0]?.message).toBe('组件 b 与 a 位置重叠');
    const repeated = page.safeParse({
      charts: [widget('a', 0, 0, 12, 10), widget('a', 12, 0, 12, 10)],
    });
    expect(repeated.error?.issues[0]?.message).toBe('组件 ID 重复');
  });

  it('accepts widgets that touch without overlapping', () => {
    expect(
      page.safeParse({
        charts: [widget('a', 0, 0, 12, 10), widget('b', 12, 0, 12, 10), widget('c', 0, 10, 24, 5)],
      }).success,
    ).toBe(true);
  });
});
