import { describe, expect, it } from 'vitest';
import { chart, type ChartInput } from '../dashboard/chart.js';
import { queryState } from '../dashboard/query-state.js';
import { AGGREGATION_INFO } from '../dashboard/catalog.js';
import {
  WIDGET_GROUPS,
  WIDGET_LABELS,
  loadWidgetData,
  widgetHasData,
  widgetSpec,
} from './catalog.js';
import type { SearchBody } from './types.js';
import { WIDGET_TYPES } from './widget-types.js';

const TZ = 'Asia/Shanghai';
const HOUR = 3_600_000;
/** 2024-03-15 12:00 in Shanghai. */
const NOW = Date.UTC(2024, 2, 15, 4);
const context = { now: NOW, timeZone: TZ };
const query = queryState.parse({ start: 10 * HOUR, end: 12 * HOUR, q: '新品' });

const widget = (input: Partial<ChartInput> & Pick<ChartInput, 'type'>) =>
  chart.parse({ i: 'c1', x: 0, y: 0, w: 12, h: 12, ...input });

/** A search that records what it was asked and answers by aggregation. */
function recorder(answer: (body: SearchBody) => unknown = () => ({ list: [] })) {
  const bodies: SearchBody[] = [];
  let pending = 0;
  let most = 0;
  const search = async (body: SearchBody) => {
    bodies.push(body);
    most = Math.max(most, ++pending);
    await Promise.resolve();
    pending--;
    return answer(body);
  };
  return { bodies, search, concurrent: () => most };
}

describe('the widget catalog', () => {
  it('describes every widget type once, in exactly one palette group', () => {
    for (const type of WIDGET_TYPES) expect(widgetSpec(type).type).toBe(type);
    expect(WIDGET_GROUPS.flatMap((group) => group.types).sort()).toEqual([...WIDGET_TYPES].sort());
    expect(WIDGET_LABELS.words).toBe('词云');
  });

  it('offers only sources whose options exist, and data for every widget with a source', () => {
    for (const type of WIDGET_TYPES) {
      const spec = widgetSpec(type);
      for (const source of spec.sources) expect(AGGREGATION_INFO[source]).toBeDefined();
      expect(widgetHasData(type)).toBe(spec.sources.length > 0);
    }
  });

  it('starts a word cloud with the size the server reads by default', () => {
    expect(widgetSpec('words').innerRequest).toEqual({ size: 100 });
  });
});

describe('loadWidgetData', () => {
  it('asks a chart once with the type defaults under the page query', async () => {
    const { bodies, search } = recorder();
    await loadWidgetData(widget({ type: 'bar' }), query, context, search);
    expect(bodies).toEqual([
      {
        aggs: 'common_terms',
        field: 'media_platform',
        q: '新品',
        start: 10 * HOUR,
        end: 12 * HOUR,
      },
    ]);
  });

  it('keeps what the widget configures over the type defaults, and fixes what the type fixes', async () => {
    const { bodies, search } = recorder();
    await loadWidgetData(
      widget({ type: 'map', aggs: 'common_terms', innerRequest: { field: 'media', size: 5 } }),
      query,
      context,
      search,
    );
    expect(bodies[0]).toMatchObject({ aggs: 'common_terms', field: 'province', size: 34 });
  });

  it('compares both periods in parallel', async () => {
    const { bodies, search, concurrent } = recorder((body) => ({
      list: [{ name: String(body.start), value: 1 }],
    }));
    const data = (await loadWidgetData(
      widget({ type: 'compare-bar', innerRequest: { field: 'tendency' } }),
      query,
      context,
      search,
    )) as { previous: unknown; ranges: unknown };
    expect(concurrent()).toBe(2);
    expect(bodies.map((body) => [body.start, body.end])).toEqual([
      [10 * HOUR, 12 * HOUR],
      [8 * HOUR, 10 * HOUR],
    ]);
    expect(data.previous).toEqual([{ name: String(8 * HOUR), value: 1 }]);
    expect(data.ranges).toEqual({
      current: { start: 10 * HOUR, end: 12 * HOUR },
      previous: { start: 8 * HOUR, end: 10 * HOUR },
    });
  });

  it('ranks a subset’s cloud by what sets it apart from the range, not by what is frequent everywhere', async () => {
    const negative = { field: 'tendency' as const, value: ['负面'], exclude: false, ignore: false };
    const page = {
      field: 'media_platform' as const,
      value: ['Weibo'],
      exclude: false,
      ignore: false,
    };
    const { bodies, search } = recorder((body) =>
      (body.filters as { field: string }[] | undefined)?.some((chip) => chip.field === 'tendency')
        ? {
            posts: 100,
            list: [
              { name: '星河', value: 60 },
              { name: '召回', value: 30 },
              { name: '外观设计', value: 20 },
              { name: '异响', value: 8 },
            ],
          }
        : {
            posts: 1000,
            list: [
              { name: '星河', value: 600 },
              { name: '外观设计', value: 300 },
              { name: '召回', value: 40 },
              { name: '续航', value: 30 },
            ],
          },
    );
    const data = (await loadWidgetData(
      widget({ type: 'words', filter: [negative], innerRequest: { size: 60 } }),
      queryState.parse({ ...query, filters: [page] }),
      context,
      search,
    )) as { list: { name: string; value: number }[]; posts: number };
    // The subset, read wide, and the range: the page's chips without the widget's own.
    expect(bodies.map((body) => [body.size, body.filters])).toEqual([
      [100, [page, negative]],
      [100, [page]],
    ]);
    // 召回 is 30% of the negative posts and 4% of all; 异响, missing from the range's top, counts
    // as its last (30). 星河 is as frequent in both and 外观设计 rarer: neither is kept.
    expect(data.list).toEqual([
      { name: '召回', value: 30 },
      { name: '异响', value: 8 },
    ]);
    expect(data.posts).toBe(100);
  });

  it('reads a cloud without chips of its own once, as the range’s most frequent words', async () => {
    const { bodies, search } = recorder(() => ({ posts: 5, list: [{ name: '星河', value: 5 }] }));
    const data = await loadWidgetData(widget({ type: 'words' }), query, context, search);
    expect(bodies).toHaveLength(1);
    expect(data).toEqual({ posts: 5, list: [{ name: '星河', value: 5 }] });
  });

  it('resolves a named comparison range at now in the zone', async () => {
    const { bodies, search } = recorder();
    await loadWidgetData(
      widget({ type: 'compare-bar', options: { compare: 'last_month' } }),
      query,
      context,
      search,
    );
    // February 2024 in Shanghai.
    expect(bodies[1]).toMatchObject({
      start: Date.UTC(2024, 0, 31, 16),
      end: Date.UTC(2024, 1, 29, 16),
    });
  });

  it('draws a stack bar from a pivot when the widget asks for one, else from a trend', async () => {
    const { search } = recorder((body) =>
      body.aggs === 'common_pivot'
        ? { list: [{ row: 'a', col: 'b', value: 1 }] }
        : { list: [], interval: 'day' },
    );
    const pivot = await loadWidgetData(
      widget({ type: 'stack-bar', aggs: 'common_pivot' }),
      query,
      context,
      search,
    );
    expect(pivot).toEqual({ kind: 'pivot', list: [{ row: 'a', col: 'b', value: 1 }] });
    const trend = await loadWidgetData(widget({ type: 'stack-bar' }), query, context, search);
    expect(trend).toEqual({ kind: 'trend', trend: { list: [], interval: 'day' } });
  });

  it('loads tab posts in stages: the top values, then the first tab', async () => {
    const { bodies, search } = recorder((body) =>
      body.aggs === 'common_terms'
        ? {
            list: [
              { name: '负面', value: 3 },
              { name: '', value: 9 },
              { name: '正面', value: 0 },
            ],
          }
        : { list: [], total: 0 },
    );
    const data = (await loadWidgetData(widget({ type: 'tab-post' }), query, context, search)) as {
      tabs: unknown;
    };
    expect(data.tabs).toEqual([{ name: '负面', value: 3 }]);
    expect(bodies[1]).toMatchObject({
      aggs: 'common_articles_page',
      page: 0,
      size: 20,
      filters: [{ field: 'tendency', value: ['负面'], exclude: false, ignore: false }],
    });
  });

  it('asks nothing for content-only widgets', async () => {
    const { bodies, search } = recorder();
    expect(await loadWidgetData(widget({ type: 'm-iframe' }), query, context, search)).toBe(
      undefined,
    );
    expect(bodies).toEqual([]);
  });
});
