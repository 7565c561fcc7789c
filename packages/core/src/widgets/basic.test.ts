import { describe, expect, it } from 'vitest';
import { chart as chartSchema, type ChartInput } from '../dashboard/chart.js';
import { competingRequests, competingRows, tableAggregation, tableField } from './basic.js';

const chartOf = (input: Partial<ChartInput> & Pick<ChartInput, 'type'>) =>
  chartSchema.parse({ i: 'c1', x: 0, y: 0, w: 12, h: 30, ...input });
const competing = (input: Partial<ChartInput> = {}) =>
  chartOf({ type: 'competing-list', ...input });

describe('competingRequests', () => {
  it('groups brands at the first level under the root, by volume and by engagement', () => {
    const bodies = competingRequests({ start: 1, end: 2, aggs: 'common_terms' }, competing());
    expect(bodies[0]).toMatchObject({
      aggs: 'common_terms',
      field: 'brand_paths',
      level: 1,
      size: 10,
      value_type: 'volume',
      start: 1,
    });
    expect(bodies[1]).toMatchObject({ value_type: 'engagement_num', level: 1 });
  });

  it('shows volume beside engagement when the bars show engagement', () => {
    const bodies = competingRequests(
      { value_type: 'engagement_num' },
      competing({ innerRequest: { level: 0, size: 5 } }),
    );
    expect(bodies.map((body) => body.value_type)).toEqual(['engagement_num', 'volume']);
    expect(bodies[0]).toMatchObject({ level: 0, size: 5 });
  });

  it('takes the first offered value type when nothing is switched', () => {
    const bodies = competingRequests({}, competing({ options: { valueTypes: ['like_num'] } }));
    expect(bodies[0].value_type).toBe('like_num');
  });

  it('narrows configured paths to posts of those paths at their level', () => {
    const existing = { field: 'tendency', value: ['正面'], exclude: false, ignore: false };
    const bodies = competingRequests(
      { filters: [existing] },
      competing({ options: { paths: ['/品牌/竞品A', '/品牌/竞品B'] } }),
    );
    expect(bodies[0]).toMatchObject({ level: 1, size: 100 });
    expect(bodies[0].filters).toEqual([
      existing,
      {
        field: 'brand_paths',
        value: ['/品牌/竞品A', '/品牌/竞品B'],
        exclude: false,
        ignore: false,
      },
    ]);
  });
});

describe('competingRows', () => {
  const primary = [
    { name: '/品牌/星河汽车', value: 60 },
    { name: '/品牌/竞品A', value: 30 },
    { name: '/品牌/竞品B', value: 10 },
  ];

  it('gives each group its share of the total and the second measure', () => {
    const rows = competingRows(primary, [{ name: '/品牌/竞品A', value: 900 }]);
    expect(rows.map((row) => [row.path, row.share, row.other])).toEqual([
      ['/品牌/星河汽车', 0.6, 0],
      ['/品牌/竞品A', 0.3, 900],
      ['/品牌/竞品B', 0.1, 0],
    ]);
  });

  it('lists configured paths only, ranked, missing ones as 0', () => {
    const rows = competingRows(primary, undefined, ['/品牌/竞品B', '/品牌/竞品C', '/品牌/竞品A']);
    expect(rows.map((row) => [row.path, row.value, row.share])).toEqual([
      ['/品牌/竞品A', 30, 0.75],
      ['/品牌/竞品B', 10, 0.25],
      ['/品牌/竞品C', 0, 0],
    ]);
    expect(rows[0]!.other).toBeUndefined();
  });
});

describe('table', () => {
  it('lists authors by default for an author ranking, the configured field otherwise', () => {
    const table = (input: Partial<ChartInput>) => chartOf({ type: 'm-table', ...input });
    expect(tableField(table({ aggs: 'common_authors' }))).toBe('author');
    expect(tableField(table({ aggs: 'common_authors', innerRequest: { field: 'media' } }))).toBe(
      'media',
    );
    expect(tableAggregation(table({ aggs: 'common_terms' }))).toBe('common_terms');
    expect(tableField(table({ aggs: 'common_terms' }))).toBeUndefined();
  });
});
