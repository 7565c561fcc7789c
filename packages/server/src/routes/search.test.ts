import { EARLIEST_QUERY_TIME, QUERY_LIMITS, latestQueryTime } from '@yuqing/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_POSTS } from '../../test/conformance/fixtures.js';
import type { StoredPost } from '../engine/types.js';
import type { RequestLimitOptions } from '../http/request-limits.js';
import { MAX_BUCKETS, MAX_TREND_POINTS } from '../search/aggregations/trend.js';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';
import { openTestApp, scopeQuery, signIn } from '../../test/app.js';
import { TEST_ENGINES, type TestEngineKind } from '../../test/engines.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const FIRST = Date.UTC(2023, 0, 1);
/** Two years of posts, one every nine days. */
const POSTS: StoredPost[] = Array.from({ length: 81 }, (_, i) => ({
  ...EXAMPLE_POSTS[0]!,
  _id: `p${i}`,
  created: FIRST + i * 9 * DAY,
  title: `星河 续航 第${i}篇`,
  author: `作者${i % 7}`,
  media: `媒体${i % 5}`,
  topic_paths: ['/话题', `/话题/子${i % 3}`],
}));
const LAST = POSTS.at(-1)!.created;

const list = (length: number, prefix = 'v') => Array.from({ length }, (_, i) => `${prefix}${i}`);

/** An app with a project and a viewer; `requestLimits` alone: no posts, small limits. */
async function openSearchApp(requestLimits?: RequestLimitOptions, engine?: TestEngineKind) {
  const ctx = await openTestApp('pglite', {}, { requestLimits, engine });
  const project = await buildProject(ctx.store);
  const viewer = await signIn(ctx.app, await buildUser(ctx.store, { project, role: 'viewer' }));
  if (!requestLimits) {
    const scope = { projectId: project.id, timeZone: 'Asia/Shanghai' };
    const imported = await ctx.engine.upsert(scope, POSTS);
    expect(imported.imported).toBe(POSTS.length);
  }
  const search = (body: Record<string, unknown>, cookie = viewer.cookie) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/search',
      query: scopeQuery(project),
      headers: { cookie },
      payload: body,
    });
  return { ctx, project: project as BuiltProject, search, viewer: viewer.cookie };
}

/** The answer of a refused request: its status and the field its message starts with. */
async function refusal(response: Promise<{ statusCode: number; json(): { msg: string } }>) {
  const answer = await response;
  const { msg } = answer.json();
  return { status: answer.statusCode, field: msg.split(':')[0], msg };
}

describe.each(TEST_ENGINES)(
  'POST /search on %s bounds what a request may cost before it runs',
  (engine) => {
    let app: Awaited<ReturnType<typeof openSearchApp>>;
    beforeAll(async () => {
      app = await openSearchApp(undefined, engine);
    });
    afterAll(() => app.ctx.close());

    it('refuses times outside 1990 to ten years ahead, naming the field', async () => {
      for (const [body, field] of [
        [{ aggs: 'common_trend', interval: 'hour', end: 8_640_000_000_000_000 }, 'end'],
        [{ aggs: 'common_trend', interval: 'hour', end: Date.now() + 100 * 365 * DAY }, 'end'],
        [{ aggs: 'common_heatmap', start: 0 }, 'start'],
        [{ end: 'now+100y' }, 'end'],
      ] as const) {
        const refused = await refusal(app.search(body));
        expect(refused, JSON.stringify(body)).toMatchObject({ status: 400, field });
      }
      const { msg } = (await app.search({ end: 8_640_000_000_000_000 })).json();
      expect(msg).toMatch(/^end: 时间超出范围/);
    });

    it('counts trend buckets whatever bounds are given', async () => {
      // One bound, or none: the other comes from the matches (two years = 17,500 hours).
      for (const body of [
        { end: LAST + DAY },
        { start: FIRST },
        {},
        { start: FIRST, end: FIRST + (MAX_BUCKETS + 1) * HOUR },
      ]) {
        const refused = await refusal(
          app.search({ aggs: 'common_trend', interval: 'hour', ...body }),
        );
        expect(refused, JSON.stringify(body)).toMatchObject({ status: 400, field: 'interval' });
      }
      // A bound far from the matches counts from there.
      const farEnd = { aggs: 'common_trend', interval: 'day', end: latestQueryTime() - DAY };
      expect((await refusal(app.search(farEnd))).field).toBe('interval');

      const open = await app.search({ aggs: 'common_trend', interval: 'month', start: FIRST });
      expect(open.statusCode).toBe(200);
      const months = open.json().data.list as { time: number; value: number }[];
      expect(months).toHaveLength(24);
      expect(months.reduce((sum, point) => sum + point.value, 0)).toBe(POSTS.length);
      const auto = (await app.search({ aggs: 'common_trend' })).json().data;
      expect(auto.interval).toBe('month');
    });

    it('bounds trend buckets × series', async () => {
      const days = { aggs: 'common_trend', interval: 'day', series: 'author' };
      const refused = await refusal(app.search({ ...days, size: 100 }));
      expect(refused).toMatchObject({ status: 400, field: 'size' });
      expect(refused.msg).toContain(String(MAX_TREND_POINTS));
      const answer = await app.search({ ...days, size: 7 });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data.list.length).toBeGreaterThan(700 * 7);
    });

    it('bounds filter values per field, per chip and in total', async () => {
      const many = list(60_000, '/话题/');
      expect(await refusal(app.search({ topic_paths: many }))).toMatchObject({
        status: 400,
        field: 'topic_paths',
      });
      const chips = [{ field: 'topic_paths', value: list(QUERY_LIMITS.fieldValues + 1) }];
      expect((await refusal(app.search({ filters: chips }))).field).toBe('filters.0.value');
      const full = Array.from({ length: 6 }, () => ({
        field: 'author',
        value: list(QUERY_LIMITS.fieldValues),
      }));
      expect((await refusal(app.search({ filters: full }))).field).toBe('filters.5.value');
    });

    it('bounds the keyword expression', async () => {
      const refused = await refusal(app.search({ q: list(101).join(' ') }));
      expect(refused).toMatchObject({ status: 400, field: 'q' });
      expect(refused.msg).toMatch(/超出关键词数量上限/);
      expect((await refusal(app.search({ q: '续'.repeat(2001) }))).field).toBe('q');
    });

    it('bounds page × size', async () => {
      const refused = await refusal(app.search({ page: 100, size: 100 }));
      expect(refused).toMatchObject({ status: 400, field: 'page' });
      expect(refused.msg).toMatch(/^page: 页码过大/);
    });

    it('answers requests at the bounds', async () => {
      const atTotal = [
        ...Array.from({ length: 4 }, () => ({ field: 'author', value: list(200, '作者') })),
        { field: 'topic_paths', value: list(199, '/话题/') },
      ];
      const requests = [
        { aggs: 'common_trend', interval: 'hour', start: FIRST, end: FIRST + MAX_BUCKETS * HOUR },
        {
          aggs: 'common_trend',
          interval: 'year',
          start: EARLIEST_QUERY_TIME,
          end: latestQueryTime() - DAY,
        },
        { aggs: 'common_heatmap', start: EARLIEST_QUERY_TIME, end: latestQueryTime() - DAY },
        { aggs: 'common_statistics', start: EARLIEST_QUERY_TIME, end: latestQueryTime() - DAY },
        { filters: atTotal, topic_paths: ['/话题'], q: list(100, '续').join(' | ') },
        { page: QUERY_LIMITS.resultWindow / 100 - 1, size: 100 },
        { aggs: 'common_all_topic', topic_paths_size: 1000 },
        { aggs: 'common_pivot', rows: 'author', cols: 'media' },
        { aggs: 'common_retweet_graph', size: 100 },
        { aggs: 'common_words', size: 100 },
      ];
      for (const body of requests) {
        const answer = await app.search(body);
        expect(answer.statusCode, `${JSON.stringify(body).slice(0, 120)}: ${answer.body}`).toBe(
          200,
        );
      }
    });

    it('lets a dashboard page ask 20 searches at once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          app.search(i % 2 ? { aggs: 'common_terms', field: 'author' } : { aggs: 'common_trend' }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    });
  },
);

describe('POST /search per-user limits', () => {
  let app: Awaited<ReturnType<typeof openSearchApp>>;
  beforeAll(async () => {
    app = await openSearchApp({ concurrent: 2, queued: 10, burst: 3, perSecond: 0.25 });
  });
  afterAll(() => app.ctx.close());

  it('answers 429 with Retry-After past the allowance, for that user only', async () => {
    for (let i = 0; i < 3; i++) expect((await app.search({})).statusCode).toBe(200);
    const refused = await app.search({});
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toMatch(/^请求过于频繁，请 [1-4] 秒后再试$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(4);

    const other = await signIn(
      app.ctx.app,
      await buildUser(app.ctx.store, { project: app.project, role: 'viewer' }),
    );
    expect((await app.search({}, other.cookie)).statusCode).toBe(200);
  });
});

describe.each(TEST_ENGINES)('POST /search on %s filters and counts by kg_infos', (engine) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let admin: string;
  const created = Date.UTC(2024, 4, 1);
  /** What the tagger wrote: leaf paths, an emotion, a main topic; one post untagged. */
  const tagged = [
    { _id: 'k1', brand_paths: ['/品牌/星河/S7'], emotion: '正面', main_topic: '续航' },
    { _id: 'k2', brand_paths: ['/品牌/星河/S9', '/品牌/竞品A'], emotion: '负面' },
    { _id: 'k3', brand_paths: ['/品牌/竞品A'], emotion: '正面', main_topic: '价格' },
    { _id: 'k4', brand_paths: ['/品牌/星河'], category_paths: ['/汽车/SUV'] },
  ];

  beforeAll(async () => {
    ctx = await openTestApp('pglite', {}, { engine });
    project = await buildProject(ctx.store);
    admin = (await signIn(ctx.app, await buildUser(ctx.store, { project, role: 'admin' }))).cookie;
    const rows = [
      ...tagged.map(({ _id, ...kg }) => ({ _id, created, title: _id, kg_infos: kg })),
      { _id: 'k5', created, title: 'k5', brand_paths: ['/品牌/星河/S7'] },
    ];
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/posts/import',
      query: scopeQuery(project),
      headers: { cookie: admin, 'content-type': 'application/x-ndjson' },
      payload: rows.map((row) => JSON.stringify(row)).join('\n'),
    });
    expect(imported.json().data).toMatchObject({ imported: 5 });
  });
  afterAll(() => ctx.close());

  const search = (body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/search',
      query: scopeQuery(project),
      headers: { cookie: admin },
      payload: body,
    });

  const ids = async (body: Record<string, unknown>) => {
    const response = await search({ sort: 'created asc', ...body });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data.list as { _id: string }[]).map((post) => post._id).sort();
  };

  it('selects a brand path and its descendants, from the tags alone', async () => {
    expect(await ids({ 'kg_infos.brand_paths': ['/品牌/星河'] })).toEqual(['k1', 'k2', 'k4']);
    expect(await ids({ 'kg_infos.brand_paths': ['/品牌/星河/S7'] })).toEqual(['k1']);
    expect(
      await ids({
        filters: [{ field: 'kg_infos.brand_paths', value: '/品牌/竞品A', exclude: true }],
      }),
    ).toEqual(['k1', 'k4', 'k5']);
    expect(await ids({ 'kg_infos.emotion': '正面', 'kg_infos.category_paths': [] })).toEqual([
      'k1',
      'k3',
    ]);
  });

  it('counts brands, categories, emotions and main topics as dimensions', async () => {
    const terms = async (field: string, level = 0) => {
      const response = await search({ aggs: 'common_terms', field, level, size: 10 });
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json()
        .data.list.map(({ name, value }: { name: string; value: number }) => [name, value]);
    };
    expect(await terms('kg_infos.brand_paths', 1)).toEqual([
      ['/品牌/星河', 3],
      ['/品牌/竞品A', 2],
    ]);
    expect(await terms('kg_infos.category_paths')).toEqual([['/汽车', 1]]);
    expect(await terms('kg_infos.emotion')).toEqual([
      ['正面', 2],
      ['负面', 1],
    ]);
    expect(await terms('kg_infos.main_topic')).toEqual([
      ['价格', 1],
      ['续航', 1],
    ]);
  });

  it('answers each post with its kg_infos as imported, paths with their ancestors', async () => {
    const list = (await search({})).json().data.list as { _id: string; kg_infos?: unknown }[];
    expect(list.find((post) => post._id === 'k2')?.kg_infos).toEqual({
      category_paths: [],
      brand_paths: ['/品牌', '/品牌/星河', '/品牌/星河/S9', '/品牌/竞品A'],
      topic_paths: [],
      emotion: '负面',
      main_topic: '',
    });
    expect(list.find((post) => post._id === 'k5')).not.toHaveProperty('kg_infos');
  });

  it('names a kg_infos field it cannot filter by in a 400', async () => {
    const response = await search({ filters: [{ field: 'kg_infos.viewport_paths', value: 'x' }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/^filters\.0\.field/);
  });
});
