import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { post as postSchema, type Post } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import type { ListedPost } from '../engine/listed-post.js';
import { xlsxPostRows } from '../ingest/xlsx-rows.js';
import { writePostsFile } from './posts-file.js';
import { writeListedPostsFile } from './posts-file-writer.js';

const dir = mkdtempSync(join(tmpdir(), 'posts-file-writer-'));
const context = { timeZone: 'Asia/Shanghai', labels: new Map([['Weibo', '微博']]) };
const heading = { title: '项目 - 信息列表', range: 'r', filters: [], madeAt: 'm' };

const posts: Post[] = Array.from({ length: 530 }, (_, i) =>
  postSchema.parse({
    _id: `p${i}`,
    created: Date.UTC(2026, 0, 1) + i * 60_000,
    media_platform: 'Weibo',
    author: i % 7 ? `作者${i}` : '=HYPERLINK("x")',
    title: `标题 ${i} & <b>`,
    text: `正文, "${i}"`,
    tendency: '负面',
    province: '广东',
    engagement_num: i,
  }),
);

/** A post as an engine lists it: the document as stored, the columns as they are now. */
const listed = (post: Post): ListedPost => ({
  doc: JSON.stringify(post),
  // Enriched since it was stored: the column's value is the one a file shows.
  tendency: post.tendency === '负面' ? '正面' : post.tendency,
  province: post.province,
  water_post: post.water_post,
  duplicate_of: null,
  duplicate_similarity: null,
});
const shown = (post: Post): Post => ({ ...post, tendency: '正面' });

async function* batches<T>(items: T[], size: number) {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Writes every post as CSV at `name`: the thread still writes files whole. */
const writeAll = (name: string) =>
  writeListedPostsFile(
    'csv',
    join(dir, name),
    batches(posts.map(listed), 100),
    heading,
    context,
    () => {},
  );

async function xlsxIds(path: string) {
  const ids = [];
  for await (const row of xlsxPostRows(path)) ids.push(row.cells?.['帖子ID']);
  return ids;
}

describe('writeListedPostsFile', () => {
  it("writes in its thread the file the server's thread writes, the columns' values over the documents'", async () => {
    const seen: number[] = [];
    const rows = await writeListedPostsFile(
      'csv',
      join(dir, 'thread.csv'),
      batches(posts.map(listed), 100),
      heading,
      context,
      (n) => void seen.push(n),
    );
    await writePostsFile(
      'csv',
      join(dir, 'here.csv'),
      batches(posts.map(shown), 100),
      heading,
      context,
      () => {},
    );
    expect(rows).toBe(530);
    expect(seen).toEqual([100, 200, 300, 400, 500, 530]);
    const written = readFileSync(join(dir, 'thread.csv'), 'utf8');
    expect(written).toBe(readFileSync(join(dir, 'here.csv'), 'utf8'));
    expect(written).toContain(',正面,');
    expect(written).not.toContain(',负面,');
  });

  it("writes xlsx going on past a sheet's row limit, every post in order", async () => {
    const path = join(dir, 'split.xlsx');
    const rows = await writeListedPostsFile(
      'xlsx',
      path,
      batches(posts.map(listed), 64),
      heading,
      context,
      () => {},
      { sheetRows: 201 },
    );
    expect(rows).toBe(530);
    expect(await xlsxIds(path)).toEqual(posts.map((post) => post._id));
  });

  it('writes two files at once, each with its own posts', async () => {
    const [a, b] = [posts.slice(0, 300), posts.slice(300)];
    const written = await Promise.all([
      writeListedPostsFile(
        'xlsx',
        join(dir, 'a.xlsx'),
        batches(a.map(listed), 50),
        heading,
        context,
        () => {},
      ),
      writeListedPostsFile(
        'xlsx',
        join(dir, 'b.xlsx'),
        batches(b.map(listed), 30),
        heading,
        context,
        () => {},
      ),
    ]);
    expect(written).toEqual([300, 230]);
    expect(await xlsxIds(join(dir, 'a.xlsx'))).toEqual(a.map((post) => post._id));
    expect(await xlsxIds(join(dir, 'b.xlsx'))).toEqual(b.map((post) => post._id));
  });

  it('stops a file when its caller stops, and writes the next one whole', async () => {
    const stopped = new Error('server stopping');
    const seen: number[] = [];
    await expect(
      writeListedPostsFile(
        'xlsx',
        join(dir, 'stopped.xlsx'),
        batches(posts.map(listed), 100),
        heading,
        context,
        (n) => {
          seen.push(n);
          if (n >= 200) throw stopped;
        },
      ),
    ).rejects.toBe(stopped);
    expect(seen).toEqual([100, 200]);
    const path = join(dir, 'after-stop.xlsx');
    await writeListedPostsFile(
      'xlsx',
      path,
      batches(posts.map(listed), 100),
      heading,
      context,
      () => {},
    );
    expect(await xlsxIds(path)).toHaveLength(530);
  });

  it('fails a file whose post the thread cannot read, and writes the next one whole', async () => {
    const broken = [...posts.slice(0, 150).map(listed), { ...listed(posts[150]!), doc: '{"_id":' }];
    await expect(
      writeListedPostsFile(
        'csv',
        join(dir, 'broken.csv'),
        batches(broken, 100),
        heading,
        context,
        () => {},
      ),
    ).rejects.toThrow(/JSON/);
    expect(await writeAll('after-failure.csv')).toBe(530);
  });

  it('fails a file whose read fails, leaving the thread to the next', async () => {
    async function* failing() {
      yield posts.slice(0, 100).map(listed);
      throw new Error('a listed post vanished mid-read');
    }
    await expect(
      writeListedPostsFile(
        'csv',
        join(dir, 'read-failed.csv'),
        failing(),
        heading,
        context,
        () => {},
      ),
    ).rejects.toThrow('vanished');
    expect(await writeAll('after-read-failure.csv')).toBe(530);
  });
});
