import { parentPort, workerData } from 'node:worker_threads';
import type { EncodePosts } from '../engine/types.js';
import { compileMatcher, type TagMatcher } from '../tagging/compile-matcher.js';
import { createEnricher } from './enrich/enrich.js';
import type { ImportTagRules } from './import-tagging.js';
import { prepareChunk, type PrepareContext } from './prepare.js';
import { chunkRecords, type InputChunk } from './read-records.js';

/** An import worker thread (see prepare-pool.ts): prepares the chunks it is sent, in turn. */
export interface PrepareRequest {
  id: number;
  chunk: InputChunk;
  context: PrepareContext;
  /** Sent with the first chunk of an import that tags (the pool sends each rule set once). */
  tagRules?: ImportTagRules;
}

/** Compiled matchers kept: imports of a few projects at once each keep theirs. */
const KEPT_MATCHERS = 4;

const { encoder } = workerData as { encoder: string };
const [enricher, { encodePosts }] = await Promise.all([
  createEnricher(),
  import(encoder) as Promise<{ encodePosts: EncodePosts }>,
]);
const matchers = new Map<string, TagMatcher>();

function matcherOf(key: string | undefined, tagRules: ImportTagRules | undefined) {
  if (key === undefined) return undefined;
  let matcher = matchers.get(key);
  if (!matcher) {
    if (tagRules?.key !== key) throw new Error(`标注规则 ${key} 未送达导入线程`);
    matcher = compileMatcher(tagRules.rules);
    matchers.set(key, matcher);
    if (matchers.size > KEPT_MATCHERS) matchers.delete(matchers.keys().next().value!);
  }
  return matcher;
}

parentPort!.on('message', ({ id, chunk, context, tagRules }: PrepareRequest) => {
  try {
    const matcher = matcherOf(context.tagRulesKey, tagRules);
    const prepared = prepareChunk(chunkRecords(chunk), context, enricher, encodePosts, matcher);
    parentPort!.postMessage({ id, chunk: prepared });
  } catch (error) {
    parentPort!.postMessage({ id, error: (error as Error).stack ?? String(error) });
  }
});
