import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { SORTS } from '@yuqing/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../sql/dialect.js';
import { CREATE_POSTS } from './schema.js';
import { sortedRows } from './sorted-rows.js';
import { orderSql } from './sql.js';

const POSTS = 300;
const BATCH = 7;

/** Posts with many ties in every sort, inserted out of order, some deleted (gaps in row ids). */
const FILL = `INSERT INTO posts (project_id, pk, _id, created, media_level, engagement_num,
    comment_num, like_num, repost_num, read_num, doc)
  SELECT CASE WHEN i % 10 = 0 THEN 'other' ELSE 'p' END, i, 'id' || lpad(((i * 37) % ${POSTS})::VARCHAR, 3, '0'),
    1000 + (i * 7) % 5, ['A', 'B', 'O', '', 'E', 'C'][1 + i % 6], (i * 11) % 4, (i * 13) % 3,
    (i * 17) % 5, (i * 19) % 2, (i * 23) % 6, '{}'
  FROM range(${POSTS}) AS t(i)`;

async function scanIds(connection: DuckDBConnection, order: string): Promise<string[][]> {
  const batches: string[][] = [];
  const read = { columns: '_id', where: 'project_id = $1', values: ['p'], order, batch: BATCH };
  for await (const rows of sortedRows(connection, read))
    batches.push(rows.map((row) => String(row._id)));
  return batches;
}

describe('sortedRows', () => {
  let instance: DuckDBInstance;
  let connection: DuckDBConnection;
  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
    connection = await instance.connect();
    await connection.run(CREATE_POSTS);
    await connection.run(FILL);
    await connection.run(`DELETE FROM posts WHERE pk % 9 = 4`);
  });
  afterAll(() => {
    connection.closeSync();
    instance.closeSync();
  });

  it('gives the rows in the order of the whole rows sorted, for every sort, in batches', async () => {
    for (const sort of SORTS) {
      const whole = await connection.run(
        `SELECT _id FROM posts WHERE project_id = $1 ORDER BY ${orderSql(sort)}`,
        ['p'],
      );
      const expected = ((await whole.getRowObjects()) as Row[]).map((row) => String(row._id));
      const batches = await scanIds(connection, orderSql(sort));
      expect(batches.flat(), sort).toEqual(expected);
      expect(batches.slice(0, -1).every((batch) => batch.length === BATCH)).toBe(true);
    }
  });

  it('reads the rows a batch at a time, all from the snapshot it started with', async () => {
    const reads: string[] = [];
    const watched = new Proxy(connection, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (property === 'run') reads.push(String(args[0]));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const rowReads = () => reads.filter((sql) => sql.includes('AS wanted')).length;
    const writer = await instance.connect();
    try {
      const read = {
        columns: '_id',
        where: 'project_id = $1',
        values: ['p'],
        order: orderSql('created desc'),
        batch: BATCH,
      };
      let rows = 0;
      for await (const batch of sortedRows(watched, read)) {
        if (rows === 0) {
          // This batch and the next, read while the caller works on this one.
          expect(rowReads()).toBe(2);
          await writer.run(`DELETE FROM posts WHERE project_id = 'p'`);
        }
        rows += batch.length;
      }
      const total = await connection.run(`SELECT count(*)::INTEGER AS n FROM posts`);
      expect(((await total.getRowObjects()) as Row[])[0]!.n).toBe(POSTS / 10 - 3);
      expect(rows).toBeGreaterThan(BATCH * 10);
      expect(rowReads()).toBe(Math.ceil(rows / BATCH));
      expect(reads.at(-1)).toBe('ROLLBACK');
    } finally {
      writer.closeSync();
    }
  });

  it('ends its transaction when the caller stops early', async () => {
    for await (const batch of sortedRows(connection, {
      columns: '_id',
      where: 'true',
      values: [],
      order: '_id',
    })) {
      expect(batch.length).toBeGreaterThan(0);
      break;
    }
    await connection.run('BEGIN TRANSACTION');
    await connection.run('ROLLBACK');
  });
});
