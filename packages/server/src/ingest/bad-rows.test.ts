import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuckDbEngine } from '../engine/duckdb/engine.js';
import { openTestEngine } from '../../test/engines.js';
import { ImportRejected, PostImporter } from './importer.js';

const GOOD = 20_000;
const DEEP = 100_000;
const deepArray = '['.repeat(DEEP) + ']'.repeat(DEEP);
const deepObject = '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP);
const created = Date.UTC(2026, 0, 1);

/** GOOD good rows after the `head` lines, with the bad ones put at their (1-based) lines. */
function input(bad: Map<number, string>, good: (i: number) => string, head: string[] = []) {
  const lines = [...head];
  for (let i = 0; i < GOOD;) lines.push(bad.get(lines.length + 1) ?? good(i++));
  return Readable.from([lines.join('\n')]);
}

describe('an import with rows nested 100,000 levels deep', () => {
  let engine: DuckDbEngine;
  let importer: PostImporter;
  const scope = { timeZone: 'Asia/Shanghai', discardWords: [] };

  beforeAll(async () => {
    engine = await openTestEngine();
    importer = new PostImporter(engine, 2);
  });
  afterAll(async () => {
    await importer.close();
    await engine.close();
  });

  it('keeps every good row of JSON lines and reports each bad one by its line', async () => {
    // Across two chunks of the worker threads (8,192 rows each).
    const bad = new Map([
      [3, deepArray],
      [10_000, `{"_id":"k","created":${created},"kg_infos":${deepObject}}`],
      [10_001, `{"_id":"c","created":${deepArray}}`],
      [19_000, `{"_id":"t","created":${created},"title":${deepObject}}`],
    ]);
    const good = (i: number) => JSON.stringify({ _id: `j${i}`, created: created + i, title: '好' });
    const report = await importer.importStream(
      { projectId: 'json', ...scope },
      input(bad, good),
      'ndjson',
      { strict: false },
    );
    expect(report).toMatchObject({ imported: GOOD, replaced: 0, rejected: bad.size });
    expect(report.errors).toEqual([
      { line: 3, field: '', message: '每一行必须是一个对象' },
      { line: 10_000, field: '', message: '嵌套层级过深' },
      { line: 10_001, field: 'created', message: '嵌套层级过深' },
      { line: 19_000, field: 'title', message: '标题不是一个有效的文本' },
    ]);
    expect(await engine.count({ projectId: 'json', timeZone: scope.timeZone }, {})).toBe(GOOD);
  });

  it('keeps every good row of CSV and reports a cell of deep JSON by its line', async () => {
    const header = '_id,created,title,kg_infos';
    const bad = new Map([
      [2, `k,${created},好,"${deepObject.replaceAll('"', '""')}"`],
      [12_000, `a,${created},${deepArray},`],
    ]);
    const good = (i: number) => `c${i},${created + i},好,`;
    const report = await importer.importStream(
      { projectId: 'csv', ...scope },
      input(bad, good, [header]),
      'csv',
      { strict: false },
    );
    expect(report).toMatchObject({ imported: GOOD, rejected: 2 });
    expect(report.errors.map(({ line, message }) => ({ line, message }))).toEqual([
      { line: 2, message: '嵌套层级过深' },
      { line: 12_000, message: '标题不是一个有效的文本' },
    ]);
  });

  it('rejects a strict import at the first such row, naming its line', async () => {
    const bad = new Map([[5, `{"_id":"k","created":${created},"kg_infos":${deepObject}}`]]);
    const good = (i: number) => JSON.stringify({ _id: `s${i}`, created: created + i });
    await expect(
      importer.importStream({ projectId: 'strict', ...scope }, input(bad, good), 'ndjson', {
        strict: true,
      }),
    ).rejects.toEqual(new ImportRejected({ line: 5, field: '', message: '嵌套层级过深' }));
    expect(await engine.count({ projectId: 'strict', timeZone: scope.timeZone }, {})).toBe(0);
  });
});
