import { afterAll, describe, expect, it } from 'vitest';
import { testClient, testUrls } from '../../../test/clickhouse.js';
import { EngineUnavailableError } from '../types.js';
import { unavailableOrSelf } from './unavailable.js';

/** The error a query throws on the test server, as the engine would turn it. */
async function turned(client: ReturnType<typeof testClient>, query: string, settings = {}) {
  const error = await client
    .query({ query, format: 'JSONEachRow', clickhouse_settings: settings })
    .then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
  expect(error).toBeInstanceOf(Error);
  return unavailableOrSelf(error);
}

describe.skipIf(testUrls.length === 0)('ClickHouse errors as the engine throws them', () => {
  const client = testClient(testUrls[0]!);
  afterAll(() => client.close());

  it('says a read past its time limit is a timeout, in Chinese', async () => {
    const error = await turned(client, 'SELECT count() FROM system.numbers', {
      max_execution_time: 1,
    });
    expect(error).toBeInstanceOf(EngineUnavailableError);
    expect((error as Error).message).toBe('数据引擎暂时不可用（查询超时），请稍后重试');
  });

  it('says a server nobody listens on cannot be reached', async () => {
    const closed = testClient('http://127.0.0.1:9');
    try {
      const error = await turned(closed, 'SELECT 1');
      expect((error as Error).message).toBe(
        '数据引擎暂时不可用（ClickHouse 服务器无法连接），请稍后重试',
      );
    } finally {
      await closed.close();
    }
  });

  it('throws any other error as it is', async () => {
    const error = await turned(client, 'SELECT no_such_column FROM system.one');
    expect(error).not.toBeInstanceOf(EngineUnavailableError);
    expect((error as Error).message).toMatch(/no_such_column/);
  });
});
