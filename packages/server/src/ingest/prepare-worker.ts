import { parentPort, workerData } from 'node:worker_threads';
import type { EncodePosts } from '../engine/types.js';
import { createEnricher } from './enrich/enrich.js';
import { prepareChunk, type PrepareContext } from './prepare.js';
import { chunkRecords, type InputChunk } from './read-records.js';

/** An import worker thread (see prepare-pool.ts): prepares the chunks it is sent, in turn. */
export interface PrepareRequest {
  id: number;
  chunk: InputChunk;
  context: PrepareContext;
}

const { encoder } = workerData as { encoder: string };
const [enricher, { encodePosts }] = await Promise.all([
  createEnricher(),
  import(encoder) as Promise<{ encodePosts: EncodePosts }>,
]);

parentPort!.on('message', ({ id, chunk, context }: PrepareRequest) => {
  try {
    const prepared = prepareChunk(chunkRecords(chunk), context, enricher, encodePosts);
    parentPort!.postMessage({ id, chunk: prepared });
  } catch (error) {
    parentPort!.postMessage({ id, error: (error as Error).stack ?? String(error) });
  }
});
