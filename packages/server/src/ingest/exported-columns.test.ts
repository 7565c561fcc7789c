import { createReadStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { post as postSchema, valueLabels, withPathAncestors, type Post } from '@yuqing/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuckDbEngine } from '../engine/duckdb/engine.js';
import { writePostsFile } from '../export/posts-file.js';
import { openTestEngine } from '../../test/engines.js';
import { fromExportedColumns } from './exported-columns.js';
import { PostImporter } from './importer.js';

const labels = valueLabels({
  medias: [{ code: 'Ours', name: '自有渠道' }],
  mediaTypes: [{ code: 'news', name: '新闻' }],
});
const codes = new Map([...labels].map(([code, name]) => [name, code]));

describe('fromExportedColumns', () => {
  it('names the fields of an exported row and writes its values as an import reads them', () => {
    expect(
      fromExportedColumns(
        {
          帖子ID: 'p1',
          发布时间: '2026-11-27 10:01:54',
          平台: '小红书',
          媒体类型: '新闻',
          正文: "'-1 的正文",
          水军: '是',
          品牌: '/品牌; /品牌/星河汽车',
          情感倾向: '负面',
          '情感（标注）': '负面',
        },
        codes,
      ),
    ).toEqual({
      _id: 'p1',
      created: '2026-11-27 10:01:54',
      media_platform: 'Red',
      media_type: 'news',
      text: '-1 的正文',
      water_post: 'YES',
      brand_paths: '/品牌|/品牌/星河汽车',
      tendency: '负面',
    });
  });

  it('leaves a row of field names as it is', () => {
    const row = { _id: 'p1', created: '2026-11-27', media_platform: 'Weibo' };
    expect(fromExportedColumns(row, codes)).toEqual(row);
  });
});

describe('the posts export imported back', () => {
  let engine: DuckDbEngine;
  let importer: PostImporter;
  const scopeOf = (format: string) => ({
    projectId: `round-trip-${format}`,
    timeZone: 'Asia/Shanghai',
    discardWords: [],
    labels,
  });

  beforeAll(async () => {
    engine = await openTestEngine();
    importer = new PostImporter(engine, 1);
  });
  afterAll(async () => {
    await importer.close();
    await engine.close();
  });

  it.each(['csv', 'xlsx'] as const)(
    'stores the posts its %s file was written from: the fields the file holds, every row',
    async (format) => {
      const posts: Post[] = [
        postSchema.parse({
          _id: 'weibo-1',
          created: Date.UTC(2026, 10, 20, 1, 30),
          media_platform: 'Weibo',
          media_type: 'news',
          media: '京城晚报',
          author: '=HYPERLINK("x")',
          title: '星河X5召回',
          text: '-召回涉及 3,000 辆，"售后"排队',
          uri: 'https://weibo.com/1',
          tendency: '负面',
          media_level: 'B',
          province: '北京',
          water_post: 'YES',
          like_num: 12,
          comment_num: 3,
          repost_num: 4,
          read_num: 900,
          brand_paths: ['/品牌/星河汽车/星河X5'],
        }),
        postSchema.parse({
          _id: 'ours-2',
          created: Date.UTC(2026, 10, 21, 12),
          media_platform: 'Ours',
          text: '自有渠道的帖子',
          tendency: '正面',
        }),
      ].map(withPathAncestors);
      const heading = { title: '', range: '', filters: ['情感倾向：负面'], madeAt: '' };
      async function* once() {
        yield posts;
      }
      const context = { timeZone: 'Asia/Shanghai', labels };
      const file = join(mkdtempSync(join(tmpdir(), 'round-trip-')), `posts.${format}`);
      await writePostsFile(format, file, once(), heading, context, () => {});
      const scope = scopeOf(format);
      const report = await importer.importStream(scope, createReadStream(file), format, {
        strict: true,
      });
      expect(report).toMatchObject({ imported: 2, rejected: 0 });
      const stored = await engine.postsByIds(scope, ['weibo-1', 'ours-2']);
      expect(stored.map(pick).sort(byId)).toEqual(posts.map(pick).sort(byId));
    },
  );

  it("stores every post of an xlsx that goes on past its sheet's row limit, counting them all as it goes", async () => {
    const posts = Array.from({ length: 25 }, (_, i) =>
      withPathAncestors(
        postSchema.parse({
          _id: `split-${i}`,
          created: Date.UTC(2026, 10, 20, 1, i),
          media_platform: 'Weibo',
          text: `第 ${i} 条正文`,
          tendency: '中性',
          like_num: i,
        }),
      ),
    );
    async function* once() {
      yield posts;
    }
    const heading = { title: '', range: '', filters: [], madeAt: '' };
    const file = join(mkdtempSync(join(tmpdir(), 'round-trip-')), 'split.xlsx');
    await writePostsFile(
      'xlsx',
      file,
      once(),
      heading,
      { timeZone: 'Asia/Shanghai', labels },
      () => {},
      {
        sheetRows: 11,
      },
    );
    const scope = scopeOf('xlsx-split');
    const progress: number[] = [];
    const report = await importer.importStream(scope, createReadStream(file), 'xlsx', {
      strict: true,
      onProgress: ({ rows }) => progress.push(rows),
    });
    expect(report).toMatchObject({ imported: 25, rejected: 0 });
    expect(progress.at(-1)).toBe(25);
    const stored = await engine.postsByIds(
      scope,
      posts.map((post) => post._id),
    );
    expect(stored.map(pick).sort(byId)).toEqual(posts.map(pick).sort(byId));
  });
});

const byId = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  String(a._id).localeCompare(String(b._id));
const fields = [
  '_id',
  'created',
  'media_platform',
  'media_type',
  'media',
  'author',
  'title',
  'text',
  'uri',
  'tendency',
  'media_level',
  'province',
  'like_num',
  'comment_num',
  'repost_num',
  'read_num',
  'brand_paths',
] as const;
const pick = (post: Post) => Object.fromEntries(fields.map((field) => [field, post[field]]));
