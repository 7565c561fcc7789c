/**
 * The posts engine conformance suite: an engine under test answers every method like the
 * in-memory ReferenceEngine on generated posts and queries (property-based, fast-check), and gives
 * the literal answers of the hand-written EXAMPLES. Call it from a test file:
 *
 *   describeEngineConformance('duckdb', async () => {
 *     const engine = await openTestEngine();
 *     return { engine, close: () => engine.close() };
 *   });
 */
import fc from 'fast-check';
import {
  KG_PATH_FIELDS,
  KG_TERM_FIELDS,
  SORTS,
  type Post,
  type PostQuery,
  type Sort,
} from '@yuqing/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXAMPLES,
  EXAMPLE_POSTS,
  ID_POOL,
  INTERVALS,
  ZONES,
  authorsOptionsArb,
  datasetArb,
  pathPivotOptionsArb,
  pathSeriesOptionsArb,
  pathTermsOptionsArb,
  pathTreeOptionsArb,
  pivotOptionsArb,
  postQueryArb,
  postTagValuesArb,
  postsArb,
  retweetGraphOptionsArb,
  searchPageArb,
  storedPostArb,
  termsOptionsArb,
  trendOptionsArb,
  valueTypeArb,
  wordsOptionsArb,
  type Dataset,
} from './fixtures.js';
import { ReferenceEngine, compareStrings } from './reference.js';
import { postOfListed } from '../../src/engine/listed-post.js';
import type {
  EncodePosts,
  EngineScope,
  ImportWaterPost,
  PostCorrectionValues,
  PostsEngine,
} from '../../src/engine/types.js';

const markArb = fc.option(
  fc.record({
    by: fc.constantFrom('analyst', '张三'),
    at: fc.constantFrom('2024-05-01T08:00:00.000Z', '2024-05-02T09:30:00.000Z'),
  }),
  { nil: undefined },
);

/** Corrections of posts by _id (some not stored), each with the marks of what it sets. */
const correctionValuesArb: fc.Arbitrary<PostCorrectionValues[]> = fc
  .array(
    fc
      .record({
        _id: fc.constantFrom(...ID_POOL, 'missing-id'),
        tendency: fc.option(fc.constantFrom('正面' as const, '中性' as const, '负面' as const), {
          nil: undefined,
        }),
        notDuplicate: fc.boolean(),
        sentiment: markArb,
        duplicate: markArb,
      })
      .map(({ _id, tendency, notDuplicate, sentiment, duplicate }) => ({
        _id,
        ...(tendency && { tendency }),
        ...(notDuplicate && { notDuplicate }),
        marks: {
          ...(tendency && { sentiment: sentiment ?? { by: 'x', at: '2024-01-01T00:00:00.000Z' } }),
          ...(notDuplicate && {
            duplicate: duplicate ?? { by: 'y', at: '2024-01-02T00:00:00.000Z' },
          }),
        },
      })),
    { maxLength: 8 },
  )
  .map((list) => [...new Map(list.map((correction) => [correction._id, correction])).values()]);

export interface OpenedEngine {
  engine: PostsEngine;
  close(): Promise<void>;
}

/** The suite's three groups: hand-written examples, answers like the reference, writes. */
export type ConformancePart = 'examples' | 'answers' | 'writes';

export interface ConformanceOptions {
  /** Runs per property (default 25; each run asks 1 to 3 queries). */
  numRuns?: number;
  /**
   * The groups to run (default all). A slow engine runs them from separate files, so that the
   * test runner's workers share them.
   */
  parts?: readonly ConformancePart[];
}

/**
 * A property stops after this long, runs and shrinking together: shrinking reloads the engine at
 * every step, so a slow engine reports the smallest counterexample found by then instead.
 */
const TIME_LIMIT_MS = 20_000;
/** The Vitest timeout of a property, well above TIME_LIMIT_MS plus the replay. */
const PROPERTY_TIMEOUT_MS = 90_000;

/**
 * A Vitest test that `predicate` holds for `runs` values of `arb`. On failure the (shrunk)
 * counterexample is run once more outside fast-check, so Vitest shows the assertion's diff, and
 * the message says how to replay it.
 */
function property<T>(
  title: string,
  arb: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  runs: number,
) {
  it(
    title,
    async () => {
      const details = await fc.check(fc.asyncProperty(arb, predicate), {
        numRuns: Math.max(1, runs),
        interruptAfterTimeLimit: TIME_LIMIT_MS,
      });
      if (!details.failed) return;
      const replay =
        `seed ${details.seed}, path "${details.counterexamplePath}", after ${details.numRuns} ` +
        `runs and ${details.numShrinks} shrinks.\nCounterexample: ${fc.stringify(details.counterexample)}`;
      try {
        if (details.counterexample) await predicate(details.counterexample[0]);
      } catch (error) {
        if (error instanceof Error) error.message = `${error.message}\n\n${replay}`;
        throw error;
      }
      throw new Error(
        `Property failed, but not on replay: ${String(details.errorInstance)}\n${replay}`,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
}

const sorted = (list: string[]) => [...list].sort(compareStrings);

/** Every post a scan gives, its batches joined. */
async function scanned(engine: PostsEngine, scope: EngineScope, query: PostQuery, sort: Sort) {
  const posts: Post[] = [];
  for await (const batch of engine.scan(scope, query, sort)) posts.push(...batch.map(postOfListed));
  return posts;
}
const describeAsk = (query: PostQuery, options: unknown, scope: EngineScope) =>
  `zone ${scope.timeZone}, query ${JSON.stringify(query)}, options ${JSON.stringify(options)}`;

export function describeEngineConformance(
  name: string,
  open: () => Promise<OpenedEngine>,
  { numRuns = 25, parts = ['examples', 'answers', 'writes'] }: ConformanceOptions = {},
): void {
  describe(`posts engine conformance: ${name}`, () => {
    let opened: OpenedEngine | undefined;
    beforeAll(async () => {
      opened = await open();
    });
    afterAll(async () => {
      await opened?.close();
    });
    const engine = () => {
      if (!opened) throw new Error('the engine did not open');
      return opened.engine;
    };

    const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    let projects = 0;
    const freshProject = () => `conformance-${runId}-${++projects}`;

    interface Loaded {
      engine: PostsEngine;
      reference: ReferenceEngine;
      scope: EngineScope;
      /** A second project holding other posts, some with the same ids. */
      other: EngineScope;
    }

    /**
     * Loads the dataset into the engine (fresh projects) and into a new reference, checks the
     * import counts, runs `body`, and deletes the projects again.
     */
    async function withDataset(dataset: Dataset, body: (loaded: Loaded) => Promise<void>) {
      const loaded: Loaded = {
        engine: engine(),
        reference: new ReferenceEngine(),
        scope: { projectId: freshProject(), timeZone: dataset.timeZone },
        other: { projectId: freshProject(), timeZone: dataset.timeZone },
      };
      try {
        for (const [scope, posts] of [
          [loaded.other, dataset.others],
          [loaded.scope, dataset.posts],
        ] as const) {
          const counts = await loaded.engine.upsert(scope, posts);
          expect(counts, 'upsert counts').toEqual(await loaded.reference.upsert(scope, posts));
        }
        await body(loaded);
      } finally {
        await loaded.engine.deleteProject(loaded.scope.projectId);
        await loaded.engine.deleteProject(loaded.other.projectId);
      }
    }

    /**
     * A property: for generated datasets, 1 … 3 queries with options, asked in the dataset's zone
     * and in `zones`, the engine answers `call` like the reference.
     */
    function compares<O>(
      title: string,
      optionsArb: fc.Arbitrary<O>,
      call: (engine: PostsEngine, scope: EngineScope, query: PostQuery, options: O) => unknown,
      { zones = [] as readonly string[], runs = numRuns, bounds = 'any' as 'any' | 'both' } = {},
    ) {
      const arb = datasetArb().chain((dataset) =>
        fc.tuple(
          fc.constant(dataset),
          fc.array(
            fc.tuple(
              postQueryArb(dataset, {
                bounds,
                // Bounds on posts' own times tell < from <=.
                edges: dataset.posts.map((post) => post.created),
              }),
              optionsArb,
            ),
            {
              minLength: 1,
              maxLength: 3,
            },
          ),
        ),
      );
      property(
        title,
        arb,
        ([dataset, asks]) =>
          withDataset(dataset, async ({ engine, reference, scope }) => {
            for (const [query, options] of asks)
              for (const timeZone of new Set([scope.timeZone, ...zones])) {
                const zoned = { ...scope, timeZone };
                const expected = await call(reference, zoned, query, options);
                const actual = await call(engine, zoned, query, options);
                expect(actual, describeAsk(query, options, zoned)).toEqual(expected);
              }
          }),
        runs,
      );
    }

    if (parts.includes('examples'))
      describe('hand-written examples', () => {
        for (const example of EXAMPLES)
          it(example.name, async () => {
            const scope = { projectId: freshProject(), timeZone: 'Asia/Shanghai' };
            const decoy = { projectId: freshProject(), timeZone: 'Asia/Shanghai' };
            try {
              await engine().upsert(
                decoy,
                EXAMPLE_POSTS.map((post) => ({
                  ...post,
                  author: '诱饵',
                  created: post.created + 1,
                })),
              );
              await engine().upsert(scope, EXAMPLE_POSTS);
              expect(await example.run(engine(), scope)).toEqual(example.expected);
            } finally {
              await engine().deleteProject(scope.projectId);
              await engine().deleteProject(decoy.projectId);
            }
          });
      });

    if (parts.includes('answers'))
      describe('answers like the reference', () => {
        compares('search: every sort, paging', searchPageArb, (e, scope, query, page) =>
          e.search(scope, query, page),
        );
        compares('scan: every post, in every sort', fc.constantFrom(...SORTS), (e, s, q, sort) =>
          scanned(e, s, q, sort),
        );
        compares('count', fc.constant(undefined), (e, scope, query) => e.count(scope, query));
        compares(
          'terms: term and path fields, levels, value types',
          termsOptionsArb,
          (e, s, q, o) => e.terms(s, q, o),
        );
        compares('pathTree', pathTreeOptionsArb, (e, scope, query, options) =>
          e.pathTree(scope, query, options),
        );
        for (const interval of INTERVALS)
          compares(
            `trend by ${interval}, with and without series, in ${ZONES.join(' and ')}`,
            trendOptionsArb.map((options) => ({ ...options, interval })),
            (e, scope, query, options) => e.trend(scope, query, options),
            { zones: ZONES, runs: Math.ceil(numRuns / 2) },
          );
        compares('statistics', fc.record({ valueType: valueTypeArb }), (e, scope, query, options) =>
          e.statistics(scope, query, options),
        );
        compares(
          'statistics with both bounds: the previous period',
          fc.record({ valueType: valueTypeArb }),
          (e, scope, query, options) => e.statistics(scope, query, options),
          { bounds: 'both' },
        );
        property(
          'statistics: the previous period is [start - (end - start), start) exactly',
          // start and the previous start sit on posts' times.
          datasetArb().chain((dataset) =>
            fc.tuple(
              fc.constant(dataset),
              postQueryArb(dataset),
              fc.nat({ max: dataset.posts.length - 1 }),
              fc.nat({ max: dataset.posts.length - 1 }),
              valueTypeArb,
            ),
          ),
          ([dataset, base, i, j, valueType]) =>
            withDataset(dataset, async ({ engine, reference, scope }) => {
              const [a, b] = [dataset.posts[i]!.created, dataset.posts[j]!.created].sort(
                (x, y) => x - y,
              ) as [number, number];
              const query = { ...base, start: b, end: b + (b - a) };
              expect(
                await engine.statistics(scope, query, { valueType }),
                describeAsk(query, { valueType }, scope),
              ).toEqual(await reference.statistics(scope, query, { valueType }));
            }),
          numRuns,
        );
        compares('words', wordsOptionsArb, (e, scope, query, options) =>
          e.words(scope, query, options),
        );
        compares(
          'heatmap',
          fc.record({ valueType: valueTypeArb }),
          (e, scope, query, options) => e.heatmap(scope, query, options),
          { zones: ZONES },
        );
        compares('pivot', pivotOptionsArb, (e, scope, query, options) =>
          e.pivot(scope, query, options),
        );
        // Path fields group by each path of a post's list and keep one depth: each grouping by one.
        compares(
          'terms and top5 by a path field, at every level',
          pathTermsOptionsArb,
          (e, s, q, o) => e.terms(s, q, o),
        );
        compares('trend series by a path field', pathSeriesOptionsArb, (e, s, q, o) =>
          e.trend(s, q, o),
        );
        compares('pivot with a path field as rows or columns', pathPivotOptionsArb, (e, s, q, o) =>
          e.pivot(s, q, o),
        );
        compares('authors', authorsOptionsArb, (e, scope, query, options) =>
          e.authors(scope, query, options),
        );
        compares('retweetGraph', retweetGraphOptionsArb, (e, scope, query, options) =>
          e.retweetGraph(scope, query, options),
        );
        compares('timeExtent', fc.constant(undefined), (e, scope, query) =>
          e.timeExtent(scope, query),
        );
      });

    /** A project's near-duplicate keys as `_id created key` lines, sorted. */
    async function duplicateKeysOf(e: PostsEngine, projectId: string) {
      const { ids, created, keys } = await e.duplicateKeys(projectId);
      return sorted(ids.map((id, i) => `${id} ${created[i]} ${keys[i]}`));
    }

    /** Everything stored in a project, in a fixed order, as both engines see it. */
    async function contents(e: PostsEngine, scope: EngineScope) {
      const page = await e.search(scope, {}, { size: 1000, page: 0, sort: 'created asc' });
      return {
        posts: [...page.list].sort((a, b) => compareStrings(a._id, b._id)),
        total: page.total,
        duplicateKeys: await duplicateKeysOf(e, scope.projectId),
        // Posts by _id, a missing one and a repeated one among them.
        byIds: await e.postsByIds(scope, [...ID_POOL.slice(0, 12), 'missing', ID_POOL[0]!]),
      };
    }

    if (parts.includes('writes'))
      describe('writes', () => {
        // Later batches reuse ids: of stored posts, of each other, and within one batch.
        const batchesArb = datasetArb().chain((dataset) =>
          fc.tuple(
            fc.constant(dataset),
            fc.array(
              fc.oneof(postsArb(dataset, 8), fc.array(storedPostArb(dataset), { maxLength: 6 })),
              { minLength: 1, maxLength: 3 },
            ),
          ),
        );

        property(
          'upsert replaces by _id within the project and counts imported and replaced',
          batchesArb,
          ([dataset, batches]) =>
            withDataset(dataset, async ({ engine, reference, scope, other }) => {
              for (const batch of batches)
                expect(await engine.upsert(scope, batch), 'upsert counts').toEqual(
                  await reference.upsert(scope, batch),
                );
              expect(await contents(engine, scope)).toEqual(await contents(reference, scope));
              expect(await contents(engine, other)).toEqual(await contents(reference, other));
            }),
          numRuns,
        );

        property(
          'openImport: staged batches appear together at commit, never after abort',
          fc.tuple(batchesArb, fc.boolean()),
          ([[dataset, batches], commit]) =>
            withDataset(dataset, async ({ engine, reference, scope, other }) => {
              const before = await contents(engine, scope);
              const engineImport = await engine.openImport(scope);
              const referenceImport = await reference.openImport(scope);
              for (const batch of batches) {
                await engineImport.add(batch);
                await referenceImport.add(batch);
              }
              expect(await contents(engine, scope), 'nothing visible before commit').toEqual(
                before,
              );
              if (commit)
                expect(await engineImport.commit(), 'import counts').toEqual(
                  await referenceImport.commit(),
                );
              else await Promise.all([engineImport.abort(), referenceImport.abort()]);
              expect(await contents(engine, scope)).toEqual(await contents(reference, scope));
              expect(await contents(engine, other)).toEqual(await contents(reference, other));
            }),
          Math.ceil(numRuns / 2),
        );

        property(
          'addEncoded: a decided water_post (and why) yields to the one its _id came with first',
          fc.tuple(
            batchesArb,
            fc.infiniteStream(
              fc.record(
                {
                  value: fc.constantFrom('YES', 'NO'),
                  decided: fc.boolean(),
                  duplicateOf: fc.constantFrom(...ID_POOL.slice(0, 4)),
                  similarity: fc.constantFrom(0.5, 0.8125),
                },
                { requiredKeys: ['value', 'decided'] },
              ),
            ),
          ),
          ([[dataset, batches], waterPosts]) =>
            withDataset(dataset, async ({ engine, reference, scope, other }) => {
              const sessions = await Promise.all(
                [engine, reference].map(async (e) => ({
                  session: await e.openImport(scope),
                  encodePosts: ((await import(e.encoder)) as { encodePosts: EncodePosts })
                    .encodePosts,
                })),
              );
              for (const batch of batches) {
                const water = batch.map(() => waterPosts.next().value as ImportWaterPost);
                for (const { session, encodePosts } of sessions) {
                  await session.addEncoded(encodePosts(scope.projectId, batch), water);
                }
              }
              const [engineCounts, referenceCounts] = await Promise.all(
                sessions.map(({ session }) => session.commit()),
              );
              expect(engineCounts, 'import counts').toEqual(referenceCounts);
              expect(await contents(engine, scope)).toEqual(await contents(reference, scope));
              expect(await contents(engine, other)).toEqual(await contents(reference, other));
            }),
          Math.ceil(numRuns / 2),
        );

        property(
          'retag rewrites the tags of its project after a given _id, so kg fields count alike',
          datasetArb().chain((dataset) =>
            fc.tuple(
              fc.constant(dataset),
              fc.array(postTagValuesArb, { minLength: 1, maxLength: 4 }),
              fc.option(fc.constantFrom(...ID_POOL), { nil: undefined }),
              postQueryArb(dataset),
            ),
          ),
          ([dataset, choices, after, query]) =>
            withDataset(dataset, async ({ engine, reference, scope, other }) => {
              // A post's new tags depend on its _id alone.
              const tag = (post: Post) =>
                choices[
                  [...post._id].reduce((sum, c) => sum + c.charCodeAt(0), 0) % choices.length
                ]!;
              const written = { engine: 0, reference: 0 };
              await engine.retag(scope, tag, {
                after,
                onBatch: (batch) => void (written.engine += batch.posts),
              });
              await reference.retag(scope, tag, {
                after,
                onBatch: (batch) => void (written.reference += batch.posts),
              });
              expect(written.engine, 'posts re-tagged').toBe(written.reference);
              expect(await contents(engine, scope)).toEqual(await contents(reference, scope));
              expect(await contents(engine, other)).toEqual(await contents(reference, other));
              expect(await engine.count(scope, query)).toBe(await reference.count(scope, query));
              for (const field of [...KG_TERM_FIELDS, ...KG_PATH_FIELDS])
                for (const level of [0, 1]) {
                  const options = { field, size: 50, valueType: 'volume' as const, level };
                  expect(
                    await engine.terms(scope, query, options),
                    describeAsk(query, options, scope),
                  ).toEqual(await reference.terms(scope, query, options));
                }
            }),
          Math.ceil(numRuns / 2),
        );

        property(
          "correct sets people's values on the posts of its _ids, so lists and counts agree",
          datasetArb().chain((dataset) =>
            fc.tuple(
              fc.constant(dataset),
              fc.array(correctionValuesArb, { minLength: 1, maxLength: 3 }),
              postQueryArb(dataset),
            ),
          ),
          ([dataset, rounds, query]) =>
            withDataset(dataset, async ({ engine, reference, scope, other }) => {
              for (const corrections of rounds) {
                const found = await Promise.all(
                  [engine, reference].map(async (e) =>
                    (await e.correct(scope, corrections)).sort((a, b) =>
                      compareStrings(a._id, b._id),
                    ),
                  ),
                );
                expect(found[0], 'posts as they were').toEqual(found[1]);
                expect(await contents(engine, scope)).toEqual(await contents(reference, scope));
              }
              expect(await contents(engine, other)).toEqual(await contents(reference, other));
              expect(await engine.count(scope, { ...query, denoise: 'NO' })).toBe(
                await reference.count(scope, { ...query, denoise: 'NO' }),
              );
              const options = {
                field: 'tendency' as const,
                size: 10,
                valueType: 'volume' as const,
              };
              expect(
                await engine.terms(scope, query, options),
                describeAsk(query, options, scope),
              ).toEqual(await reference.terms(scope, query, options));
              // A re-tag keeps them.
              const tag = () => ({
                kg_infos: {
                  category_paths: [],
                  brand_paths: [],
                  topic_paths: [],
                  emotion: '' as const,
                  main_topic: '',
                },
                product_mentions: [],
                product_infos: [],
              });
              await engine.retag(scope, tag);
              await reference.retag(scope, tag);
              expect(await contents(engine, scope)).toEqual(await contents(reference, scope));
            }),
          Math.ceil(numRuns / 2),
        );

        property(
          'deleteProject removes one project only, which can be filled again',
          datasetArb(),
          (dataset) =>
            withDataset(dataset, async ({ engine, reference, scope, other }) => {
              await engine.deleteProject(scope.projectId);
              await reference.deleteProject(scope.projectId);
              expect(await contents(engine, scope)).toEqual({
                posts: [],
                total: 0,
                duplicateKeys: [],
                byIds: [],
              });
              expect(await engine.count(scope, {})).toBe(0);
              expect(await engine.timeExtent(scope, {})).toBeUndefined();
              expect(
                await engine.trend(scope, {}, { interval: 'day', valueType: 'volume' }),
              ).toEqual([]);
              expect(await contents(engine, other)).toEqual(await contents(reference, other));
              const again = await engine.upsert(scope, dataset.posts);
              expect(again).toEqual(await reference.upsert(scope, dataset.posts));
              expect(await contents(engine, scope)).toEqual(await contents(reference, scope));
            }),
          Math.ceil(numRuns / 2),
        );

        property(
          'a project answers for its own posts only',
          datasetArb(),
          (dataset) =>
            withDataset(dataset, async ({ engine, reference, scope, other }) => {
              for (const project of [scope, other]) {
                expect(await contents(engine, project)).toEqual(await contents(reference, project));
                expect(await engine.words(project, {}, { size: 100 })).toEqual(
                  await reference.words(project, {}, { size: 100 }),
                );
              }
            }),
          Math.ceil(numRuns / 2),
        );
      });
  });
}
