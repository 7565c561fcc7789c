import { describe, expect, it } from 'vitest';
import { openTestEngineOf } from '../../test/engines.js';
import { givingWay } from './giving-way.js';
import type { PostsEngine } from './types.js';

describe('givingWay', () => {
  it('starts each call only after giving way, and answers as the engine does', async () => {
    const { engine, close } = await openTestEngineOf('duckdb');
    try {
      const scope = { projectId: '00000000-0000-4000-8000-000000000001', timeZone: 'UTC' };
      let turns = 0;
      const gated = givingWay(engine, async () => {
        turns++;
      });
      expect(await gated.count(scope, {})).toBe(await engine.count(scope, {}));
      expect(turns).toBe(1);
      expect(gated.writeGeneration).toBe(engine.writeGeneration);
    } finally {
      await close();
    }
  });

  it('reads each next batch of a scan only after giving way', async () => {
    const batches = [['a'], ['b'], ['c']];
    const read: string[] = [];
    const engine = {
      async *scan() {
        for (const batch of batches) {
          read.push(`read ${batch[0]}`);
          yield batch;
        }
      },
    } as unknown as PostsEngine;
    const gated = givingWay(engine, async () => {
      read.push('gave way');
    });
    for await (const batch of gated.scan({ projectId: 'p', timeZone: 'UTC' }, {}, 'created asc')) {
      read.push(`used ${(batch as unknown as string[])[0]}`);
    }
    expect(read).toEqual([
      'gave way',
      'read a',
      'used a',
      'gave way',
      'read b',
      'used b',
      'gave way',
      'read c',
      'used c',
      'gave way',
    ]);
  });
});
