import type { TableData } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { columnTitles, tableRows } from './table';

describe('table', () => {
  it('names columns by the field and value type, renamed by options.columns', () => {
    const terms = { aggs: 'common_terms', field: 'media_platform', valueType: 'like_num' } as const;
    expect(columnTitles(terms, undefined)).toEqual({
      rank: '排名',
      name: '媒体平台',
      value: '点赞数',
      engagement: '互动量',
    });
    expect(
      columnTitles({ aggs: 'common_authors', field: 'author', valueType: 'volume' }, [
        { key: 'value', title: '文章数' },
        { key: 'unknown', title: 'x' },
      ]),
    ).toMatchObject({ name: '作者', value: '文章数' });
  });

  it('ranks and formats rows; path names show their last segment', () => {
    const rows = tableRows({
      aggs: 'common_terms',
      field: 'brand_paths',
      valueType: 'volume',
      list: [
        { name: '/品牌/星河汽车', value: 1500 },
        { name: '/品牌/竞品A', value: 500 },
      ],
    });
    expect(rows.map((row) => [row.rank, row.name, row.label, row.value, row.engagement])).toEqual([
      [1, '/品牌/星河汽车', '星河汽车', '1,500', undefined],
      [2, '/品牌/竞品A', '竞品A', '500', undefined],
    ]);
  });

  it('formats as percents of the total or abbreviated, engagement too', () => {
    const data: TableData = {
      aggs: 'common_authors',
      field: 'author',
      valueType: 'volume',
      list: [
        { name: 'a', value: 3, engagement: 12_000 },
        { name: 'b', value: 1, engagement: 5 },
      ],
    };
    expect(tableRows(data, 'percent').map((row) => row.value)).toEqual(['75.00%', '25.00%']);
    expect(tableRows(data, 'abbr')[0]!.engagement).toBe('12k');
    expect(tableRows(data)[0]!.engagement).toBe('12,000');
  });
});
