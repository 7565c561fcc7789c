import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HEALTH_HOLD_LIMIT_MS,
  heldMs,
  loopGapDuring,
  retriedGaps,
} from '../../test/health-prober.js';
import { clientErrorOfStore } from '../http/store-errors.js';
import { pglitePool } from './pglite-pool.js';

describe('the PGlite pool, its database in a worker thread', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- statements written as SQL
  let db: Kysely<any>;
  beforeAll(() => {
    db = new Kysely({ dialect: new PostgresDialect({ pool: pglitePool(undefined) }) });
  });
  afterAll(() => db.destroy());

  it('answers rows as PGlite parses them: dates, JSON, numbers, bytes, arrays', async () => {
    const at = new Date('2026-11-27T08:00:00.000Z');
    const { rows } = await sql`
      select ${at}::timestamptz as at, ${JSON.stringify({ a: [1, '二'] })}::jsonb as doc,
        count(*) as n, 2.5::float8 as ratio, '\\x0102'::bytea as bytes, array['a', 'b'] as list
    `.execute(db);
    expect(rows).toEqual([
      {
        at,
        doc: { a: [1, '二'] },
        n: 1,
        ratio: 2.5,
        bytes: new Uint8Array([1, 2]),
        list: ['a', 'b'],
      },
    ]);
  });

  it("passes a database error on with its code and severity, so it answers as the store's error", async () => {
    await sql`create table names (name text unique)`.execute(db);
    await sql`insert into names values ('a')`.execute(db);
    const error = await sql`insert into names values ('a')`.execute(db).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', severity: 'ERROR' });
    expect(clientErrorOfStore(error)).toMatchObject({ statusCode: 409 });
  });

  it("runs one transaction at a time: another's statements wait for its end", async () => {
    await sql`create table steps (step text)`.execute(db);
    const step = (name: string) => sql`insert into steps values (${name})`;
    const first = db.transaction().execute(async (trx) => {
      await step('first begins').execute(trx);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await step('first ends').execute(trx);
    });
    const second = db.transaction().execute((trx) => step('second').execute(trx));
    await Promise.all([first, second]);
    const { rows } = await sql<{ step: string }>`select step from steps`.execute(db);
    expect(rows.map((row) => row.step)).toEqual(['first begins', 'first ends', 'second']);
  });

  it("leaves the server's thread free while a long statement runs", async () => {
    const gaps = await retriedGaps(async () => {
      const started = performance.now();
      const { maxGapMs } = await loopGapDuring(() =>
        sql`select sum(i) from generate_series(1, 2000000) i`.execute(db),
      );
      // A statement long enough to say something: in the server's thread it held it throughout.
      expect(performance.now() - started).toBeGreaterThan(4 * HEALTH_HOLD_LIMIT_MS);
      return maxGapMs;
    });
    expect(heldMs(gaps), `${gaps.join(', ')} ms`).toBeLessThanOrEqual(HEALTH_HOLD_LIMIT_MS);
  });
});
