import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PostsEngine } from '../engine/types.js';
import type { PostImporter, ImportReport } from '../ingest/importer.js';
import { generateDemoPosts } from './demo/generate.js';
import type { Store } from '../store/index.js';
import { DEMO } from './seed.js';

/** Posts per import transaction: the dashboards fill batch by batch instead of after a minute. */
const DEMO_BATCH = 10_000;

/**
 * Fills the demo project with `count` generated posts. The posts go through the ordinary import
 * (validation, enrichment), as a customer's file would, in batches that each commit on their own,
 * newest first: the dashboards' recent ranges fill after the first batch. Progress goes to
 * `importer.progress`. A start after an interrupted import adds the batches that are missing.
 */
export async function seedDemoPosts(
  store: Store,
  engine: PostsEngine,
  importer: PostImporter,
  count: number,
  options: { onProgress?: (rows: number) => void; signal?: AbortSignal; batch?: number } = {},
): Promise<ImportReport | undefined> {
  if (count === 0) return undefined;
  const project = await store.tenancy.findProject(DEMO);
  if (!project) return undefined;
  const scope = { projectId: project.id, timeZone: project.profile.timezone };
  const present = await engine.count(scope, {});
  if (present >= count) return undefined;
  const batch = options.batch ?? DEMO_BATCH;
  const board = importer.progress;
  const report: ImportReport = { imported: 0, replaced: 0, rejected: 0, errors: [] };
  const target = {
    ...scope,
    discardWords: project.profile.discard_word,
    tagRules: await store.taggingRules.get(project.id),
  };
  const dir = await mkdtemp(join(tmpdir(), 'yuqing-demo-'));
  board.begin(project.id, count, present);
  try {
    // The generator writes oldest first (retweets and campaigns follow earlier posts), so the
    // posts go to a file whose batches are then read from its end.
    const file = join(dir, 'demo-posts.jsonl');
    const starts = await writePosts(file, count, batch);
    let done = present;
    for (let end = count - Math.floor(present / batch) * batch; end > 0; end -= batch) {
      options.signal?.throwIfAborted();
      const first = Math.max(0, end - batch);
      const input = createReadStream(file, { start: starts[first], end: starts[end]! - 1 });
      const imported = await importer.importStream(target, input, 'ndjson', {
        strict: true,
        signal: options.signal,
        onProgress: ({ rows }) => {
          board.update(project.id, { rows: done + rows });
          options.onProgress?.(done + rows);
        },
      });
      report.imported += imported.imported;
      report.replaced += imported.replaced;
      done += end - first;
      board.update(project.id, { rows: done, committed: done });
    }
  } finally {
    board.end(project.id);
    await rm(dir, { recursive: true, force: true });
  }
  return report;
}

/** Writes the posts as JSON lines; the byte offset where each batch's first line starts. */
async function writePosts(file: string, count: number, batch: number) {
  const out = createWriteStream(file);
  const starts: Record<number, number> = {};
  let bytes = 0;
  let index = 0;
  for (const post of generateDemoPosts({ count, seed: 20_261_121, now: Date.now() })) {
    if ((count - index) % batch === 0 || index === 0) starts[index] = bytes;
    const line = `${JSON.stringify(post)}\n`;
    bytes += Buffer.byteLength(line);
    index += 1;
    if (!out.write(line)) await once(out, 'drain');
  }
  starts[count] = bytes;
  out.end();
  await once(out, 'finish');
  return starts;
}
