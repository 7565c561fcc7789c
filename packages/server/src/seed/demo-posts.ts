import { Readable } from 'node:stream';
import type { PostsEngine } from '../engine/types.js';
import type { PostImporter, ImportReport } from '../ingest/importer.js';
import { generateDemoPosts } from '../ingest/demo/generate.js';
import type { Store } from '../store/index.js';
import { DEMO } from './seed.js';

/**
 * Fills the demo project with `count` generated posts when it has none yet. The posts go through
 * the ordinary import (validation, enrichment), as a customer's file would.
 */
export async function seedDemoPosts(
  store: Store,
  engine: PostsEngine,
  importer: PostImporter,
  count: number,
  options: { onProgress?: (rows: number) => void; signal?: AbortSignal } = {},
): Promise<ImportReport | undefined> {
  if (count === 0) return undefined;
  const project = await store.tenancy.findProject(DEMO);
  if (!project) return undefined;
  const scope = { projectId: project.id, timeZone: project.profile.timezone };
  if ((await engine.count(scope, {})) > 0) return undefined;
  const lines = (function* () {
    for (const post of generateDemoPosts({ count, seed: 20_261_121, now: Date.now() })) {
      yield `${JSON.stringify(post)}\n`;
    }
  })();
  return importer.importStream(
    { ...scope, discardWords: project.profile.discard_word },
    Readable.from(lines),
    'ndjson',
    { strict: true, signal: options.signal, onProgress: ({ rows }) => options.onProgress?.(rows) },
  );
}
