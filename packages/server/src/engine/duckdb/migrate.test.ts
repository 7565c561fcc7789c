import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import {
  ENGAGEMENT_FIELDS,
  POST_PATH_FIELDS,
  POST_TERM_FIELDS,
  postQuery,
  withAncestors,
} from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_POSTS } from '../../../test/conformance/fixtures.js';
import { DuckDbEngine } from './engine.js';
import { textGrams } from './grams.js';
import { DUPLICATE_COLUMNS, KG_COLUMNS } from './schema.js';

/** The posts table before post_grams: columns plus `extra`, tokens as words, bigram masks. */
const EARLIER_COLUMNS: [string, string][] = [
  ['project_id', 'VARCHAR'],
  ['_id', 'VARCHAR'],
  ['created', 'BIGINT'],
  ['uri', 'VARCHAR'],
  ...POST_TERM_FIELDS.map((field): [string, string] => [field, 'VARCHAR']),
  ['title', 'VARCHAR'],
  ['text', 'VARCHAR'],
  ['body', 'VARCHAR'],
  ['search_text', 'VARCHAR'],
  ['rel', 'VARCHAR'],
  ...ENGAGEMENT_FIELDS.map((field): [string, string] => [field, 'BIGINT']),
  ...POST_PATH_FIELDS.map((field): [string, string] => [field, 'VARCHAR[]']),
  ['hash_tag', 'VARCHAR[]'],
  ['tokens', 'VARCHAR[]'],
  ['simhash', 'VARCHAR'],
  ['extra', 'JSON'],
  ['g0', 'UINTEGER'],
];
const NESTED = new Set(['summary', 'user', 'imgs', 'pic_urls', 'retweeted_status', 'rel_num']);

describe('a database written before post_grams', () => {
  it('has its posts moved in at open, answering as before', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'yuqing-migrate-'));
    try {
      const path = join(dir, 'posts.duckdb');
      const instance = await DuckDBInstance.create(path);
      const connection = await instance.connect();
      await connection.run(
        `CREATE TABLE posts (${EARLIER_COLUMNS.map(([name, type]) => `"${name}" ${type}`).join(', ')})`,
      );
      const lines = EXAMPLE_POSTS.map((post) => {
        const row: Record<string, unknown> = { project_id: 'p', g0: 0, extra: {} };
        for (const [key, value] of Object.entries(post)) {
          if (NESTED.has(key) || !EARLIER_COLUMNS.some(([name]) => name === key)) {
            (row.extra as Record<string, unknown>)[key] = value;
          } else row[key] = value;
        }
        row.search_text = `${post.title}\u0001${post.text}\u0001${post.body}`.toLowerCase();
        return JSON.stringify(row);
      });
      const file = join(dir, 'rows.ndjson');
      await writeFile(file, lines.join('\n'));
      const types = EARLIER_COLUMNS.map(([name, type]) => `'${name}': '${type}'`).join(', ');
      await connection.run(
        `INSERT INTO posts SELECT * FROM read_json('${file}', format = 'newline_delimited', columns = {${types}})`,
      );
      connection.closeSync();
      instance.closeSync();

      const engine = await DuckDbEngine.open({
        path,
        stagingDir: join(dir, 'staging'),
        readers: 1,
      });
      const scope = { projectId: 'p', timeZone: 'UTC' };
      const page = await engine.search(scope, {}, { size: 1000, page: 0, sort: 'created asc' });
      const byId = (a: { _id: string }, b: { _id: string }) => (a._id < b._id ? -1 : 1);
      const listed = EXAMPLE_POSTS.map(({ tokens: _tokens, simhash: _simhash, ...post }) => post);
      expect(page.list.sort(byId)).toEqual(listed.sort(byId));
      const term = EXAMPLE_POSTS[0]!.text.slice(0, 2).toLowerCase();
      expect(await engine.count(scope, postQuery.parse({ q: term }))).toBe(
        EXAMPLE_POSTS.filter((post) =>
          `${post.title}\u0001${post.text}\u0001${post.body}`.toLowerCase().includes(term),
        ).length,
      );
      await engine.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a database whose bigram index holds (bigram, pk) pairs', () => {
  it('has its index rebuilt in segments at open, finding the same posts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'yuqing-migrate-'));
    try {
      const path = join(dir, 'posts.duckdb');
      const options = { path, stagingDir: join(dir, 'staging'), readers: 1 };
      const scope = { projectId: 'p', timeZone: 'UTC' };
      const first = await DuckDbEngine.open(options);
      await first.upsert(
        scope,
        EXAMPLE_POSTS.map((post) => ({ ...post, tokens: [], simhash: '0' })),
      );
      await first.close();

      const instance = await DuckDBInstance.create(path);
      const connection = await instance.connect();
      const posts = (await connection.runAndReadAll('SELECT pk, search_text FROM posts')).getRows();
      await connection.run('DROP TABLE post_grams');
      await connection.run(
        'CREATE TABLE post_grams (project_id VARCHAR NOT NULL, gram UINTEGER NOT NULL, pk UINTEGER NOT NULL)',
      );
      const pairs = posts.flatMap(([pk, text]) =>
        [...textGrams(String(text))].map((gram) => `('p', ${gram}, ${Number(pk)})`),
      );
      await connection.run(`INSERT INTO post_grams VALUES ${pairs.join(', ')}`);
      connection.closeSync();
      instance.closeSync();

      const engine = await DuckDbEngine.open(options);
      for (const post of EXAMPLE_POSTS.slice(0, 5)) {
        const term = post.text.slice(1, 3).toLowerCase();
        expect(await engine.count(scope, postQuery.parse({ q: term }))).toBe(
          EXAMPLE_POSTS.filter((other) =>
            `${other.title}\u0001${other.text}\u0001${other.body}`.toLowerCase().includes(term),
          ).length,
        );
      }
      await engine.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a database written before kg_infos had columns', () => {
  it('gains them (and near duplicates’ key and reason) at open, its posts empty there, and filters by them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'yuqing-migrate-'));
    try {
      const path = join(dir, 'posts.duckdb');
      const options = { path, stagingDir: join(dir, 'staging'), readers: 1 };
      const scope = { projectId: 'p', timeZone: 'UTC' };
      const stored = EXAMPLE_POSTS.map((post) => ({ ...post, tokens: [], simhash: '0' }));
      const first = await DuckDbEngine.open(options);
      await first.upsert(scope, stored);
      await first.close();

      const instance = await DuckDBInstance.create(path);
      const connection = await instance.connect();
      await connection.run('DROP INDEX posts_id');
      for (const [name] of [...KG_COLUMNS, ...DUPLICATE_COLUMNS])
        await connection.run(`ALTER TABLE posts DROP COLUMN ${name}`);
      connection.closeSync();
      instance.closeSync();

      const engine = await DuckDbEngine.open(options);
      const all = { size: 1000, page: 0, sort: 'created asc' } as const;
      expect((await engine.search(scope, {}, all)).total).toBe(EXAMPLE_POSTS.length);
      // Empty, not NULL: excluding an emotion keeps the posts without one.
      const notPositive = postQuery.parse({
        filters: [{ field: 'kg_infos.emotion', value: '正面', exclude: true }],
      });
      expect(await engine.count(scope, notPositive)).toBe(EXAMPLE_POSTS.length);

      const tagged = {
        ...stored[0]!,
        _id: 'kg1',
        kg_infos: {
          category_paths: withAncestors(['/汽车/SUV']),
          brand_paths: withAncestors(['/品牌/星河/S7']),
          topic_paths: [],
          emotion: '正面' as const,
          main_topic: '续航',
        },
      };
      await engine.upsert(scope, [tagged]);
      const byBrand = postQuery.parse({ 'kg_infos.brand_paths': ['/品牌/星河'] });
      expect(await engine.count(scope, byBrand)).toBe(1);
      expect(await engine.count(scope, notPositive)).toBe(EXAMPLE_POSTS.length);
      expect(
        await engine.terms(
          scope,
          {},
          { field: 'kg_infos.main_topic', size: 5, valueType: 'volume' },
        ),
      ).toEqual([{ name: '续航', value: 1 }]);

      // Near duplicates' key and reason: none for the posts stored before.
      expect((await engine.duplicateKeys('p')).keys).toEqual([]);
      expect((await engine.search(scope, {}, all)).list.some((post) => post.duplicate_of)).toBe(
        false,
      );
      await engine.upsert(scope, [
        { ...stored[0]!, _id: 'dup1', dup_key: 'a2V5', water_post: 'YES', duplicate_of: 'kg1' },
      ]);
      const [dup] = await engine.postsByIds(scope, ['dup1']);
      expect([dup?.duplicate_of, dup?.duplicate_similarity]).toEqual(['kg1', 0]);
      await engine.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
