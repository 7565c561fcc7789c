import { postQuery, withAncestors } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_POSTS } from '../../../test/conformance/fixtures.js';
import type { StoredPost } from '../types.js';
import { openTestClickHouse, testClient, testCluster, testUrls } from '../../../test/clickhouse.js';
import { ClickHouseEngine } from './engine.js';

const KG_COLUMNS = [
  'kg_emotion',
  'kg_main_topic',
  'kg_category_paths',
  'kg_brand_paths',
  'kg_topic_paths',
];

describe.skipIf(testUrls.length === 0)('ClickHouse tables made before kg_infos columns', () => {
  it('gain them on every node at open, their posts empty there', async () => {
    const opened = await openTestClickHouse();
    const scope = { projectId: 'p', timeZone: 'UTC' };
    try {
      await opened.engine.upsert(scope, EXAMPLE_POSTS);
      const tables = testCluster ? ['posts', 'posts_local'] : ['posts'];
      const columnsOf = async (url: string, table: string) => {
        const client = testClient(url);
        try {
          const described = await client.query({
            query: `DESCRIBE TABLE ${opened.database}.${table}`,
            format: 'JSONEachRow',
          });
          return (await described.json<{ name: string }>()).map((row) => row.name);
        } finally {
          await client.close();
        }
      };
      for (const url of testUrls) {
        const client = testClient(url);
        try {
          for (const table of tables) {
            await client.command({
              query: `ALTER TABLE ${opened.database}.${table} ${KG_COLUMNS.map((name) => `DROP COLUMN ${name}`).join(', ')}`,
            });
          }
        } finally {
          await client.close();
        }
      }

      const engine = await ClickHouseEngine.open({
        urls: testUrls,
        cluster: testCluster,
        database: opened.database,
      });
      try {
        for (const url of testUrls) {
          for (const table of tables) {
            expect(await columnsOf(url, table)).toEqual(expect.arrayContaining(KG_COLUMNS));
          }
        }
        const all = { size: 100, page: 0, sort: 'created asc' } as const;
        expect((await engine.search(scope, {}, all)).total).toBe(EXAMPLE_POSTS.length);
        // Empty values: excluding an emotion keeps the posts without one.
        const notPositive = postQuery.parse({
          filters: [{ field: 'kg_infos.emotion', value: '正面', exclude: true }],
        });
        expect(await engine.count(scope, notPositive)).toBe(EXAMPLE_POSTS.length);

        const tagged: StoredPost = {
          ...EXAMPLE_POSTS[0]!,
          _id: 'kg1',
          kg_infos: {
            category_paths: [],
            brand_paths: withAncestors(['/品牌/星河/S7']),
            topic_paths: [],
            emotion: '正面',
            main_topic: '续航',
          },
        };
        await engine.upsert(scope, [tagged]);
        const byBrand = postQuery.parse({ 'kg_infos.brand_paths': ['/品牌/星河'] });
        expect(await engine.count(scope, byBrand)).toBe(1);
        expect(
          await engine.terms(
            scope,
            {},
            { field: 'kg_infos.main_topic', size: 5, valueType: 'volume' },
          ),
        ).toEqual([{ name: '续航', value: 1 }]);
      } finally {
        await engine.close();
      }
    } finally {
      await opened.close();
    }
  });
});
