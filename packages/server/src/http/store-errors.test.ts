import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorOfStore } from './store-errors.js';

describe('clientErrorOfStore', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec('create table names (name text unique)');
  });
  afterAll(() => db.close());

  const failureOf = async (sql: string, params: unknown[] = []) => {
    try {
      await db.query(sql, params);
    } catch (error) {
      return error;
    }
    throw new Error(`no error from ${sql}`);
  };

  it('answers the errors of data the request carried with 400 or 409', async () => {
    expect(clientErrorOfStore(await failureOf(`select '"\\u0000"'::jsonb`))).toEqual({
      statusCode: 400,
      message: '请求包含无法保存的字符',
    });
    expect(clientErrorOfStore(await failureOf('select $1::int4', ['2147483648']))).toEqual({
      statusCode: 400,
      message: '请求中的数值超出范围',
    });
    expect(clientErrorOfStore(await failureOf('select $1::uuid', ['x']))).toEqual({
      statusCode: 400,
      message: '请求中的值格式不正确',
    });
    await db.query(`insert into names values ('a')`);
    expect(clientErrorOfStore(await failureOf(`insert into names values ('a')`))).toEqual({
      statusCode: 409,
      message: '数据已存在，请刷新后重试',
    });
  });

  it('leaves other errors to the server error answer', async () => {
    expect(clientErrorOfStore(await failureOf('select * from missing_table'))).toBeUndefined();
    expect(clientErrorOfStore(new Error('boom'))).toBeUndefined();
    expect(clientErrorOfStore(Object.assign(new Error('x'), { code: '22003' }))).toBeUndefined();
  });
});
