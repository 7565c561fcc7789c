import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tagRules, type Post } from '@yuqing/core';
import type { DuckDbEngine } from '../engine/duckdb/engine.js';
import { postOfListed } from '../engine/listed-post.js';
import type { EngineScope, PostsEngine, RetagOptions } from '../engine/types.js';
import { EXAMPLE_POSTS } from '../../test/conformance/fixtures.js';
import type { Store } from '../store/index.js';
import { openTestEngine } from '../../test/engines.js';
import { buildProject } from '../../test/factories.js';
import { openTestStore } from '../../test/stores.js';
import { JobRunner } from '../jobs/job-runner.js';
import { retagJobKind } from './retag-job.js';
import { RetagJobs } from './retag-jobs.js';

/** More posts than two batches of the engine (2,000). */
const POSTS = 4_500;
const RULES = tagRules.parse({
  brands: [{ name: '星河汽车', path: '/品牌/星河汽车', aliases: ['星河'] }],
  sentiments: [{ word: '问题', weight: -3 }],
});

describe('RetagJobs', () => {
  let store: Store;
  let engine: DuckDbEngine;
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    store = await openTestStore('pglite');
    engine = await openTestEngine();
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  });
  afterAll(async () => {
    await engine.close();
    await store.close();
  });

  async function projectOf(posts: number): Promise<EngineScope> {
    const project = await buildProject(store);
    const scope = { projectId: project.id, timeZone: 'Asia/Shanghai' };
    await engine.upsert(
      scope,
      Array.from({ length: posts }, (_, i) => ({
        ...EXAMPLE_POSTS[i % EXAMPLE_POSTS.length]!,
        _id: `p${String(i).padStart(5, '0')}`,
      })),
    );
    await store.taggingRules.replace(project.id, RULES, null);
    return scope;
  }
  /** A server's runner and re-tags over `postsEngine`. */
  function serverOf(postsEngine: PostsEngine = engine) {
    const runner = new JobRunner(store).register(retagJobKind({ engine: postsEngine, store }));
    runners.push(runner);
    return { runner, jobs: new RetagJobs(engine, store, () => runner.wake('retag')) };
  }
  async function tagsOf(scope: EngineScope) {
    const posts: Post[] = [];
    for await (const batch of engine.scan(scope, {}, 'created asc'))
      posts.push(...batch.map(postOfListed));
    return posts
      .map(({ _id, tendency, kg_infos }) => ({ _id, tendency, kg_infos }))
      .sort((a, b) => a._id.localeCompare(b._id));
  }

  it('refuses a second start while one runs, in Chinese, and starts again once it is done', async () => {
    const scope = await projectOf(EXAMPLE_POSTS.length);
    const { runner, jobs } = serverOf();
    await runner.start();
    const first = jobs.start(scope);
    await expect(jobs.start(scope)).rejects.toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(/正在重新标注/),
    });
    await first;
    await expect(serverOf().jobs.start(scope)).rejects.toMatchObject({ kind: 'conflict' });
    await runner.idle();
    const total = EXAMPLE_POSTS.length;
    expect(await jobs.statusOf(scope.projectId)).toEqual({
      state: 'done',
      done: total,
      total,
      error: null,
    });
    await jobs.start(scope);
    await runner.idle();
    expect((await jobs.statusOf(scope.projectId)).state).toBe('done');
  });

  it('resumes a re-tag cut off by a stopped server after its last batch, to the same tags', async () => {
    const whole = await projectOf(POSTS);
    const cut = await projectOf(POSTS);
    const reference = serverOf();
    await reference.runner.start();
    await reference.jobs.start(whole);
    await reference.runner.idle();

    // The first server stops once the first batch is written.
    let stopping: Promise<void> | undefined;
    const first = serverOf(
      Object.assign(Object.create(engine) as PostsEngine, {
        retag: (scope: EngineScope, tag: never, options: RetagOptions) =>
          engine.retag(scope, tag, {
            ...options,
            onBatch: async (batch) => {
              await options.onBatch?.(batch);
              stopping ??= first.runner.stop();
            },
          }),
      }),
    );
    await first.runner.start();
    await first.jobs.start(cut);
    await first.runner.idle();
    await stopping;
    expect(await first.jobs.statusOf(cut.projectId)).toEqual({
      state: 'running',
      done: 2_000,
      total: POSTS,
      error: null,
    });

    const resumedAfter: (string | undefined)[] = [];
    const next = serverOf(
      Object.assign(Object.create(engine) as PostsEngine, {
        retag: (scope: EngineScope, tag: never, options: RetagOptions) => {
          resumedAfter.push(options.after);
          return engine.retag(scope, tag, options);
        },
      }),
    );
    await next.runner.start();
    await next.runner.idle();
    expect(resumedAfter).toEqual(['p01999']);
    expect(await next.jobs.statusOf(cut.projectId)).toEqual({
      state: 'done',
      done: POSTS,
      total: POSTS,
      error: null,
    });
    expect(await tagsOf(cut)).toEqual(await tagsOf(whole));
    expect((await tagsOf(whole))[0]!.kg_infos).toMatchObject({
      brand_paths: ['/品牌', '/品牌/星河汽车'],
    });
  });
});
