import { describe, expect, it } from 'vitest';
import { openTestEngineOf } from '../testing/engines.js';
import { givingWay } from './giving-way.js';

describe('givingWay', () => {
  it('starts each call, a scan too, only after giving way, and answers as the engine does', async () => {
    const { engine, close } = await openTestEngineOf('duckdb');
    try {
      const scope = { projectId: '00000000-0000-4000-8000-000000000001', timeZone: 'UTC' };
      const turns: string[] = [];
      let open = false;
      const gated = givingWay(engine, async () => {
        turns.push(open ? 'open' : 'shut');
        await new Promise((resolve) => setTimeout(resolve, 1));
        open = true;
      });
      expect(await gated.count(scope, {})).toBe(await engine.count(scope, {}));
      const batches = [];
      for await (const batch of gated.scan(scope, {}, 'created asc')) batches.push(batch);
      expect(batches).toEqual([]);
      expect(turns).toEqual(['shut', 'open']);
      expect(gated.writeGeneration).toBe(engine.writeGeneration);
    } finally {
      await close();
    }
  });
});
