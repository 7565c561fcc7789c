import { postQuery, type PostQuery } from '@yuqing/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { describeEngineConformance } from './conformance.js';
import { EXAMPLES, EXAMPLE_POSTS } from './fixtures.js';
import { ReferenceEngine } from './reference.js';
import type { EngineScope, StoredPost } from '../../src/engine/types.js';

// The suite checks itself: a second reference must pass it.
describeEngineConformance('reference', async () => {
  const engine = new ReferenceEngine();
  return { engine, close: () => engine.close() };
});

const at = (iso: string) => Date.parse(iso);
const q = (query: Record<string, unknown>): PostQuery => postQuery.parse(query);
const SH: EngineScope = { projectId: 'p1', timeZone: 'Asia/Shanghai' };
const NY: EngineScope = { projectId: 'p1', timeZone: 'America/New_York' };
const post = (_id: string, fields: Partial<StoredPost> = {}): StoredPost => ({
  ...EXAMPLE_POSTS[0]!,
  retweeted: 'NO',
  rel: undefined,
  retweeted_status: undefined,
  ...fields,
  _id,
});

describe('ReferenceEngine on literal cases', () => {
  let engine: ReferenceEngine;
  beforeEach(async () => {
    engine = new ReferenceEngine();
    await engine.upsert(SH, EXAMPLE_POSTS);
  });

  for (const example of EXAMPLES)
    it(`example: ${example.name}`, async () => {
      expect(await example.run(engine, SH)).toEqual(example.expected);
    });

  it('upsert counts new posts as imported, replacements (also within a batch) as replaced', async () => {
    expect(await engine.upsert(SH, [post('e1', { title: 'new' }), post('n1'), post('n1')])).toEqual(
      { imported: 1, replaced: 2 },
    );
    expect(await engine.count(SH, q({}))).toBe(6);
    expect((await engine.search(SH, q({ q: 'title:new' }), page())).list.map((p) => p._id)).toEqual(
      ['e1'],
    );
    // The same id in another project is another post.
    expect(await engine.upsert({ ...SH, projectId: 'p2' }, [post('e1')])).toEqual({
      imported: 1,
      replaced: 0,
    });
    expect(await engine.count(SH, q({}))).toBe(6);
    expect(await engine.upsert(SH, [])).toEqual({ imported: 0, replaced: 0 });
  });

  it('stores copies: later changes to the caller’s objects do not leak in', async () => {
    const mine = post('m1', { imgs: ['a'] });
    await engine.upsert(SH, [mine]);
    mine.imgs.push('b');
    const [found] = (await engine.search(SH, q({ q: '' }), page(100))).list.filter(
      (p) => p._id === 'm1',
    );
    expect(found?.imgs).toEqual(['a']);
  });

  it('openImport shows staged posts only after commit; abort drops them', async () => {
    const session = await engine.openImport(SH);
    await session.add([post('s1')]);
    await session.add([post('s1'), post('e2')]);
    expect(await engine.count(SH, q({}))).toBe(5);
    expect(await session.commit()).toEqual({ imported: 1, replaced: 2 });
    expect(await engine.count(SH, q({}))).toBe(6);
    await expect(session.commit()).rejects.toThrow();

    const aborted = await engine.openImport(SH);
    await aborted.add([post('s2')]);
    await aborted.abort();
    expect(await engine.count(SH, q({}))).toBe(6);
  });

  it('a decided water_post yields to the one its _id came with first', async () => {
    const session = await engine.openImport(SH);
    const decided = (value: 'YES' | 'NO') => ({ value, decided: true });
    await session.addEncoded(
      [post('e3'), post('n1'), post('n2'), post('n1')],
      [decided('NO'), decided('YES'), { value: 'NO', decided: false }, decided('NO')],
    );
    await session.addEncoded([post('n2')], [decided('YES')]);
    await session.commit();
    const water = async (id: string) =>
      (await engine.search(SH, q({}), { size: 100, page: 0, sort: 'created asc' })).list.find(
        (found) => found._id === id,
      )?.water_post;
    // Stored first, then the earliest row of the import; a row's own decision otherwise.
    expect([await water('e3'), await water('n1'), await water('n2')]).toEqual(['YES', 'YES', 'NO']);
  });

  it('a decided water_post brings why with it; postsByIds lists posts by _id', async () => {
    const session = await engine.openImport(SH);
    await session.addEncoded(
      [post('d1'), post('d2'), post('d1')],
      [
        { value: 'YES', decided: true, duplicateOf: 'e1', similarity: 0.8 },
        { value: 'NO', decided: true, duplicateOf: 'e1', similarity: 0.5 },
        { value: 'NO', decided: true },
      ],
    );
    await session.commit();
    const listed = await engine.postsByIds(SH, ['d2', 'd1', 'missing', 'd1']);
    expect(
      listed.map((p) => [p._id, p.water_post, p.duplicate_of, p.duplicate_similarity]),
    ).toEqual([
      ['d1', 'YES', 'e1', 0.8],
      ['d2', 'NO', 'e1', 0.5],
    ]);
    const again = await engine.openImport(SH);
    await again.addEncoded([post('d1')], [{ value: 'NO', decided: false }]);
    await again.commit();
    const [d1] = await engine.postsByIds(SH, ['d1']);
    expect([d1?.water_post, d1?.duplicate_of]).toEqual(['NO', undefined]);
  });

  it('deleteProject empties one project; duplicateKeys list the project’s originals', async () => {
    await engine.upsert({ ...SH, projectId: 'p2' }, [post('x', { dup_key: 'k-x' })]);
    await engine.upsert(SH, [
      post('k1', { dup_key: 'k-1' }),
      post('k2', { dup_key: 'k-2', water_post: 'YES', duplicate_of: 'k1' }),
      post('k3', { dup_key: 'k-3', water_post: 'NO', duplicate_of: 'k1' }),
    ]);
    const keys = await engine.duplicateKeys('p1');
    expect(keys.keys.sort()).toEqual(['k-1', 'k-3']);
    expect(keys.ids.length).toBe(2);
    await engine.deleteProject('p1');
    expect(await engine.count(SH, q({}))).toBe(0);
    expect((await engine.duplicateKeys('p1')).keys).toEqual([]);
    expect(await engine.duplicateKeys('p2')).toEqual({
      ids: ['x'],
      created: [post('x').created],
      keys: ['k-x'],
    });
  });

  it('search pages, sorts, and breaks ties by _id', async () => {
    const ids = async (sort: Parameters<ReferenceEngine['search']>[2]['sort'], n = 0, size = 5) => {
      const result = await engine.search(SH, q({}), { size, page: n, sort });
      return [result.list.map((p) => p._id), result.total];
    };
    expect(await ids('created desc', 1, 2)).toEqual([['e1', 'e2'], 5]);
    expect(await ids('created desc', 3, 2)).toEqual([[], 5]);
    expect(await ids('created asc')).toEqual([['e5', 'e2', 'e1', 'e3', 'e4'], 5]);
    expect(await ids('comment_num desc')).toEqual([['e1', 'e2', 'e3', 'e4', 'e5'], 5]);
    expect(await ids('engagement_num asc')).toEqual([['e4', 'e5', 'e3', 'e2', 'e1'], 5]);
    expect(await ids('read_num desc')).toEqual([['e1', 'e2', 'e3', 'e4', 'e5'], 5]);
  });

  it('terms: a term field ignores level, sums the value type, keeps groups worth 0', async () => {
    const options = { field: 'media' as const, valueType: 'engagement_num' as const, level: 3 };
    expect(await engine.terms(SH, q({}), { ...options, size: 2 })).toEqual([
      { name: '新浪微博', value: 13 },
      { name: '微信', value: 5 },
    ]);
    expect(await engine.terms(SH, q({}), { ...options, size: 9 })).toHaveLength(3);
    expect(
      await engine.terms(SH, q({}), { field: 'tendency', size: 9, valueType: 'zpz_num' }),
    ).toEqual([
      { name: '正面', value: 6 },
      { name: '中性', value: 3 },
      { name: '负面', value: 3 },
    ]);
    expect(
      await engine.terms(SH, q({}), {
        field: 'brand_paths',
        size: 9,
        valueType: 'volume',
        level: 2,
      }),
    ).toEqual([{ name: '/品牌/星河/S7', value: 1 }]);
    expect(
      await engine.terms(SH, q({}), { field: 'topic_paths', size: 9, valueType: 'volume' }),
    ).toEqual([]);
  });

  it('trend: no matches and no range give [], one bound comes from the matches', async () => {
    const day = { interval: 'day' as const, valueType: 'volume' as const };
    expect(await engine.trend(SH, q({ q: '不存在' }), day)).toEqual([]);
    expect(
      await engine.trend(SH, q({ q: '不存在', start: at('2024-03-01T00:00:00Z') }), day),
    ).toEqual([]);
    expect(
      await engine.trend(SH, q({ start: at('2024-03-01T12:00:00+08:00') }), {
        ...day,
        valueType: 'engagement_num',
      }),
    ).toEqual([
      { time: at('2024-03-01T00:00:00+08:00'), value: 0 },
      { time: at('2024-03-02T00:00:00+08:00'), value: 0 },
    ]);
    // A range with start = end inside a bucket: that bucket, empty.
    const noon = at('2024-03-01T12:00:00+08:00');
    expect(await engine.trend(SH, q({ start: noon, end: noon }), day)).toEqual([
      { time: at('2024-03-01T00:00:00+08:00'), value: 0 },
    ]);
    expect(
      await engine.trend(SH, q({}), {
        interval: 'week',
        valueType: 'read_num',
        series: 'brand_paths',
        seriesSize: 1,
      }),
    ).toEqual([{ time: at('2024-02-26T00:00:00+08:00'), name: '/品牌', value: 160 }]);
  });

  it('trend in America/New_York: DST days are 23 and 25 hours, the repeated hour twice', async () => {
    const fresh = new ReferenceEngine();
    await fresh.upsert(NY, [
      post('a', { created: at('2024-11-03T01:30:00-04:00') }),
      post('b', { created: at('2024-11-03T01:30:00-05:00') }),
      post('c', { created: at('2024-11-03T23:59:59.999-05:00') }),
      post('d', { created: at('2024-03-10T03:00:00-04:00') }),
    ]);
    const range = q({
      start: at('2024-11-03T00:00:00-04:00'),
      end: at('2024-11-03T03:00:00-05:00'),
    });
    expect(await fresh.trend(NY, range, { interval: 'hour', valueType: 'volume' })).toEqual([
      { time: at('2024-11-03T00:00:00-04:00'), value: 0 },
      { time: at('2024-11-03T01:00:00-04:00'), value: 1 },
      { time: at('2024-11-03T01:00:00-05:00'), value: 1 },
      { time: at('2024-11-03T02:00:00-05:00'), value: 0 },
    ]);
    expect(
      await fresh.trend(
        NY,
        q({ start: at('2024-11-02T12:00:00-04:00'), end: at('2024-11-04T00:00:00-05:00') }),
        {
          interval: 'day',
          valueType: 'volume',
        },
      ),
    ).toEqual([
      { time: at('2024-11-02T00:00:00-04:00'), value: 0 },
      { time: at('2024-11-03T00:00:00-04:00'), value: 3 },
    ]);
    expect(
      await fresh.trend(
        NY,
        q({ start: at('2024-03-10T00:00:00-05:00'), end: at('2024-03-11T01:00:00-04:00') }),
        {
          interval: 'day',
          valueType: 'volume',
        },
      ),
    ).toEqual([
      { time: at('2024-03-10T00:00:00-05:00'), value: 1 },
      { time: at('2024-03-11T00:00:00-04:00'), value: 0 },
    ]);
    // The same instants in Shanghai: the day after, no DST.
    expect(
      await fresh.trend(
        SH,
        q({ start: at('2024-11-03T00:00:00+08:00'), end: at('2024-11-05T00:00:00+08:00') }),
        {
          interval: 'day',
          valueType: 'volume',
        },
      ),
    ).toEqual([
      { time: at('2024-11-03T00:00:00+08:00'), value: 2 },
      { time: at('2024-11-04T00:00:00+08:00'), value: 1 },
    ]);
    const cells = await fresh.heatmap(NY, q({}), { valueType: 'volume' });
    expect(cells.filter((cell) => cell.value > 0)).toEqual([
      { weekday: 6, hour: 1, value: 2 },
      { weekday: 6, hour: 3, value: 1 },
      { weekday: 6, hour: 23, value: 1 },
    ]);
  });

  it('statistics without a range: previous totals are 0, all tendency keys present', async () => {
    const result = await engine.statistics(SH, q({ start: at('2024-03-01T00:00:00Z') }), {
      valueType: 'volume',
    });
    expect(result.previous).toEqual({
      volume: 0,
      engagement_num: 0,
      repost_num: 0,
      comment_num: 0,
      like_num: 0,
      read_num: 0,
      zpz_num: 0,
      tendency: { 正面: 0, 中性: 0, 负面: 0 },
    });
    expect(result.current.volume).toBe(2);
    expect(result.current.tendency).toEqual({ 正面: 0, 中性: 1, 负面: 0 });
  });

  it('pivot of a path field with itself crosses the depth-1 paths of each post', async () => {
    const fresh = new ReferenceEngine();
    await fresh.upsert(SH, [
      post('a', { topic_paths: ['/x', '/x/1', '/y'], like_num: 2 }),
      post('b', { topic_paths: ['/y'], like_num: 1 }),
    ]);
    expect(
      await fresh.pivot(SH, q({}), {
        rows: 'topic_paths',
        cols: 'topic_paths',
        valueType: 'like_num',
      }),
    ).toEqual([
      { row: '/x', col: '/x', value: 2 },
      { row: '/x', col: '/y', value: 2 },
      { row: '/y', col: '/x', value: 2 },
      { row: '/y', col: '/y', value: 3 },
    ]);
  });

  it('retweet graph: a stored parent keeps its own (even empty) author; filters apply to retweets', async () => {
    const fresh = new ReferenceEngine();
    const rt = (
      id: string,
      rel: string,
      name: string | undefined,
      fields: Partial<StoredPost> = {},
    ) =>
      post(id, {
        retweeted: 'YES',
        rel,
        retweeted_status: name === undefined ? undefined : { user: { screen_name: name } },
        ...fields,
      });
    await fresh.upsert(SH, [
      post('root', { author: '', created: 5 }),
      rt('r1', 'root', 'zed', { created: 10 }),
      rt('r2', 'root', 'amy', { created: 20, media: '微信' }),
      rt('r3', 'lost', '', { created: 30 }),
      rt('r4', 'lost', 'bob', { created: 40 }),
      rt('r5', 'lost', undefined, { created: 50, media: '微信' }),
      rt('r6', 'r1', 'x', { created: 60 }),
      post('n1', { rel: 'root', created: 70 }),
    ]);
    expect(await fresh.retweetGraph(SH, q({}), { size: 2 })).toEqual({
      nodes: [
        { id: 'lost', name: 'bob', value: 3, created: 30 },
        { id: 'r1', name: '张三', value: 1, created: 10 },
        { id: 'r2', name: '张三', value: 0, created: 20 },
        { id: 'r3', name: '张三', value: 0, created: 30 },
        { id: 'r4', name: '张三', value: 0, created: 40 },
        { id: 'r5', name: '张三', value: 0, created: 50 },
        { id: 'root', name: '', value: 2, created: 5 },
      ],
      edges: [
        { source: 'lost', target: 'r3' },
        { source: 'lost', target: 'r4' },
        { source: 'lost', target: 'r5' },
        { source: 'root', target: 'r1' },
        { source: 'root', target: 'r2' },
      ],
    });
    const filtered = await fresh.retweetGraph(
      SH,
      q({ filters: [{ field: 'media', value: '微信', exclude: true }] }),
      { size: 1 },
    );
    expect(filtered).toEqual({
      nodes: [
        { id: 'lost', name: 'bob', value: 2, created: 30 },
        { id: 'r3', name: '张三', value: 0, created: 30 },
        { id: 'r4', name: '张三', value: 0, created: 40 },
      ],
      edges: [
        { source: 'lost', target: 'r3' },
        { source: 'lost', target: 'r4' },
      ],
    });
  });

  it('an invalid q is an error of the schema, naming its position; engines get the syntax tree', () => {
    expect(() => q({ q: '(星河' })).toThrow('第 4 个字符处缺少右括号');
    expect(q({ q: '星河 -汽车' }).q).toEqual({
      text: '星河 -汽车',
      ast: {
        kind: 'and',
        children: [
          { kind: 'term', text: '星河', scope: 'all' },
          { kind: 'not', child: { kind: 'term', text: '汽车', scope: 'all' } },
        ],
      },
    });
  });
});

function page(size = 10) {
  return { size, page: 0, sort: 'created asc' as const };
}
