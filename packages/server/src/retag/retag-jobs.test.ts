import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuckDbEngine } from '../engine/duckdb/engine.js';
import { EXAMPLE_POSTS } from '../../test/conformance/fixtures.js';
import type { Store } from '../store/index.js';
import { openTestEngine } from '../../test/engines.js';
import { buildProject } from '../../test/factories.js';
import { openTestStore } from '../../test/stores.js';
import { RetagJobs } from './retag-jobs.js';

describe('RetagJobs', () => {
  let store: Store;
  let engine: DuckDbEngine;
  let scope: { projectId: string; timeZone: string };

  beforeAll(async () => {
    store = await openTestStore('pglite');
    engine = await openTestEngine();
    const project = await buildProject(store);
    scope = { projectId: project.id, timeZone: 'Asia/Shanghai' };
    await engine.upsert(scope, EXAMPLE_POSTS);
  });
  afterAll(async () => {
    await engine.close();
    await store.close();
  });

  it('refuses a second start while one runs, in Chinese, and starts again once it is done', async () => {
    const jobs = new RetagJobs(engine, store);
    const first = jobs.start(scope);
    await expect(jobs.start(scope)).rejects.toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(/正在重新标注/),
    });
    await first;
    await jobs.settled(scope.projectId);
    const total = EXAMPLE_POSTS.length;
    expect(jobs.statusOf(scope.projectId)).toEqual({
      state: 'done',
      done: total,
      total,
      error: null,
    });
    await jobs.start(scope);
    await jobs.settled(scope.projectId);
    expect(jobs.statusOf(scope.projectId).state).toBe('done');
  });
});
