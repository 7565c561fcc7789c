import { describe, expect, it } from 'vitest';
import { Refusal } from '../refusals.js';
import type { TestThreadCall } from '../../test/test-thread.js';
import { ThreadCalls } from './thread-calls.js';

const entry = new URL('../../test/test-thread.ts', import.meta.url);
type Answer = { value: unknown; calls: number };

describe('ThreadCalls', () => {
  it('answers calls in order in one kept thread, and passes refusals on as they were', async () => {
    const thread = new ThreadCalls<TestThreadCall, Answer>(entry);
    try {
      const answers = await Promise.all(
        [1, 2, 3].map((value) => thread.call({ op: 'echo', value })),
      );
      expect(answers).toEqual([
        { value: 1, calls: 1 },
        { value: 2, calls: 2 },
        { value: 3, calls: 3 },
      ]);
      const refused = await thread
        .call({ op: 'refuse', message: 'csv: 第 2 行有误' })
        .catch((e) => e);
      expect(refused).toBeInstanceOf(Refusal);
      expect(refused).toMatchObject({ kind: 'invalid', message: 'csv: 第 2 行有误' });
      expect(await thread.call({ op: 'echo', value: 'x' })).toEqual({ value: 'x', calls: 5 });
    } finally {
      await thread.close();
    }
  }, 30_000);

  it('ends a thread past the time limit or that exits, and starts another for the next call', async () => {
    let ended = 0;
    const thread = new ThreadCalls<TestThreadCall, Answer>(entry, {
      timeoutMs: 2_000,
      timeoutMessage: '处理超时',
      onThreadEnd: () => ended++,
    });
    try {
      // The first call starts the thread (a second or more on a busy machine) and runs at once.
      expect(await thread.call({ op: 'echo', value: 0 })).toEqual({ value: 0, calls: 1 });
      const late = thread.call({ op: 'spin', ms: 60_000 });
      const next = thread.call({ op: 'echo', value: 1 });
      const refused = await late.catch((e) => e);
      expect(refused).toMatchObject({ kind: 'invalid', message: '处理超时' });
      // The call waiting behind it runs in a new thread: its count starts again.
      expect(await next).toEqual({ value: 1, calls: 1 });
      expect(ended).toBe(1);

      const exited = await thread.call({ op: 'exit' }).catch((e) => e);
      expect((exited as Error).message).toContain('工作线程意外退出');
      expect(await thread.call({ op: 'echo', value: 2 })).toEqual({ value: 2, calls: 1 });
      expect(ended).toBe(2);
    } finally {
      await thread.close();
    }
  }, 60_000);
});
