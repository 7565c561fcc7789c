import { postQuery } from '@yuqing/core';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuckDbEngine } from '../engine/duckdb/engine.js';
import { ReferenceEngine } from '../../test/conformance/reference.js';
import { openTestEngine } from '../../test/engines.js';
import { generateDemoPosts } from '../seed/demo/generate.js';
import { createEnricher } from './enrich/enrich.js';
import { NearDuplicateFinder, parseDuplicateKey } from './enrich/near-duplicates.js';
import { ImportRejected, PostImporter } from './importer.js';

const ROWS = 9_500;
const scope = { projectId: 'p', timeZone: 'Asia/Shanghai', discardWords: [] };
// Two chunks for the worker threads (8,192 rows each), bad rows in the second.
const BAD_LINES = new Map([
  [9_001, '{"_id": "x", "created": "not a time"}'],
  [9_300, '{broken'],
]);
const posts = [...generateDemoPosts({ count: ROWS, seed: 7, now: Date.UTC(2026, 10, 1) })];
const lines = posts.map((post, i) => BAD_LINES.get(i + 1) ?? JSON.stringify(post));
const input = () => Readable.from([lines.join('\n')]);

describe('PostImporter, across chunks prepared by two worker threads', () => {
  let engine: DuckDbEngine;
  let importer: PostImporter;

  beforeAll(async () => {
    engine = await openTestEngine();
    importer = new PostImporter(engine, 2);
  });
  afterAll(async () => {
    await importer.close();
    await engine.close();
  });

  it('reports bad rows by their line and decides near duplicates in input order', async () => {
    const progress: number[] = [];
    const report = await importer.importStream(scope, input(), 'ndjson', {
      strict: false,
      onProgress: ({ rows }) => progress.push(rows),
    });
    expect(report).toMatchObject({ imported: ROWS - 2, replaced: 0, rejected: 2 });
    expect(report.errors.map((error) => [error.line, error.field])).toEqual([
      [9_001, 'created'],
      [9_300, ''],
    ]);
    expect(progress.at(-1)).toBe(ROWS);

    // The same decision made in one pass over the accepted rows, as a single thread would.
    const enricher = await createEnricher();
    const finder = new NearDuplicateFinder();
    const expected = new Map<string, [string, string | undefined]>();
    posts.forEach((post, i) => {
      if (BAD_LINES.has(i + 1)) return;
      const { dupKey } = enricher.enrich(
        { title: post.title ?? '', text: post.text ?? '', body: post.body ?? '' },
        { discardWords: new Set() },
      );
      const fingerprint = parseDuplicateKey(dupKey);
      const match = fingerprint && finder.find(post._id, post.created, fingerprint);
      if (fingerprint && !match) finder.add(post._id, post.created, fingerprint);
      const water = post.water_post || (match ? 'YES' : 'NO');
      expected.set(post._id, [
        water,
        match && water === 'YES' ? finder.ids[match.place] : undefined,
      ]);
    });
    const stored = await engine.search(scope, {}, { size: ROWS, page: 0, sort: 'created asc' });
    expect(
      new Map(stored.list.map((post) => [post._id, [post.water_post, post.duplicate_of]])),
    ).toEqual(expected);
    expect([...expected.values()].filter(([water]) => water === 'YES').length).toBeGreaterThan(0);
  });

  it('keeps the water_post of each post when the same posts come again', async () => {
    const page = { size: ROWS, page: 0, sort: 'created asc' } as const;
    const waterPosts = async () =>
      new Map(
        (await engine.search(scope, {}, page)).list.map((post) => [
          post._id,
          [post.water_post, post.duplicate_of, post.duplicate_similarity],
        ]),
      );
    const before = await waterPosts();
    const report = await importer.importStream(scope, input(), 'ndjson', { strict: false });
    expect(report).toMatchObject({ imported: 0, replaced: ROWS - 2 });
    expect(await waterPosts()).toEqual(before);
  });

  it('stores what the reference engine stores, through its own encoder', async () => {
    const reference = new ReferenceEngine();
    const referenceImporter = new PostImporter(reference, 2);
    try {
      await referenceImporter.importStream(scope, input(), 'ndjson', { strict: false });
    } finally {
      await referenceImporter.close();
    }
    const page = { size: ROWS, page: 0, sort: 'created asc' } as const;
    const byId = (a: { _id: string }, b: { _id: string }) => (a._id < b._id ? -1 : 1);
    const [stored, expected] = await Promise.all(
      [engine, reference].map(async (e) => (await e.search(scope, {}, page)).list.sort(byId)),
    );
    expect(stored).toEqual(expected);
    expect(await engine.count(scope, postQuery.parse({ q: '续航' }))).toBe(
      await reference.count(scope, postQuery.parse({ q: '续航' })),
    );
  });

  it('writes nothing when a strict import meets a bad row in a later chunk', async () => {
    const fresh = { ...scope, projectId: 'strict' };
    const importing = importer.importStream(fresh, input(), 'ndjson', { strict: true });
    await expect(importing).rejects.toBeInstanceOf(ImportRejected);
    await expect(importing).rejects.toMatchObject({ error: { line: 9_001, field: 'created' } });
    expect(await engine.count(fresh, {})).toBe(0);
  });

  it('writes nothing when stopped', async () => {
    const fresh = { ...scope, projectId: 'stopped' };
    const stop = new AbortController();
    const importing = importer.importStream(fresh, input(), 'ndjson', {
      strict: false,
      signal: stop.signal,
      onProgress: () => stop.abort(),
    });
    await expect(importing).rejects.toThrow();
    expect(await engine.count(fresh, {})).toBe(0);
  });

  it('imports the README’s example files, every row, with what they leave out derived', async () => {
    const examples = new URL('../../../../docs/import-examples/', import.meta.url);
    for (const [file, format] of [
      ['posts.jsonl', 'ndjson'],
      ['posts.csv', 'csv'],
    ] as const) {
      const fresh = { ...scope, projectId: `example-${format}` };
      const report = await importer.importStream(
        fresh,
        createReadStream(new URL(file, examples)),
        format,
        { strict: true },
      );
      expect(report, file).toMatchObject({ rejected: 0, errors: [] });
      const ids = file.endsWith('csv')
        ? ['example-101', 'example-102']
        : ['example-001', 'example-002', 'example-003'];
      const stored = await engine.postsByIds(fresh, ids);
      expect(stored.map((post) => post._id).sort(), file).toEqual(ids);
      expect(report.imported, file).toBe(ids.length);
      expect(
        stored.every((post) => post.tendency !== '' && post.media_platform !== ''),
        file,
      ).toBe(true);
    }
  });
});
