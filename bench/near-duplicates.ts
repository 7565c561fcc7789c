import { generateDemoPosts } from '@yuqing/server/seed/demo/generate';
import { postWords } from '../packages/server/src/ingest/enrich/post-text.js';
import {
  NearDuplicateIndex,
  simhashOfWords,
} from '../packages/server/src/ingest/enrich/simhash.js';
import {
  NearDuplicateFinder,
  fingerprintOf,
  type DuplicateFingerprint,
} from '../packages/server/src/ingest/enrich/near-duplicates.js';

/** CPU milliseconds of this process so far. */
const cpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/**
 * The cost of near duplicates at `count` demo posts, in CPU µs a post: what each post's worker
 * computes (SimHash of jieba's words before; the duplicate fingerprint after) and what the
 * import's own thread does in input order (the SimHash index before; the finder after), with
 * the share of posts marked. CPU time, not wall time: the bench machine is shared.
 */
export async function benchNearDuplicates(count: number) {
  const now = Date.now();
  const texts: string[] = [];
  const created: number[] = [];
  for (const post of generateDemoPosts({ count, seed: 42, now })) {
    texts.push(`${post.title}\n${post.text || post.body}`);
    created.push(post.created);
  }
  const perPost = (ms: number) => Math.round((ms * 1000 * 100) / count) / 100;

  postWords('预热');
  let started = cpu();
  const hashes = texts.map((text) => simhashOfWords(postWords(text)));
  const simhashUs = perPost(cpu() - started);
  started = cpu();
  const index = new NearDuplicateIndex();
  let marked = 0;
  for (const hash of hashes) {
    if (index.hasNear(hash)) marked++;
    index.add(hash);
  }
  const before = {
    workerUsPerPost: simhashUs,
    orderedUsPerPost: perPost(cpu() - started),
    markedShare: marked / count,
  };
  hashes.length = 0;

  started = cpu();
  const fingerprints: (DuplicateFingerprint | undefined)[] = texts.map((text) =>
    fingerprintOf(text),
  );
  const fingerprintUs = perPost(cpu() - started);
  const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  started = cpu();
  const finder = new NearDuplicateFinder();
  marked = 0;
  fingerprints.forEach((fingerprint, i) => {
    if (!fingerprint) return;
    if (finder.find(`p${i}`, created[i]!, fingerprint)) marked++;
    else finder.add(`p${i}`, created[i]!, fingerprint);
  });
  const after = {
    workerUsPerPost: fingerprintUs,
    orderedUsPerPost: perPost(cpu() - started),
    markedShare: marked / count,
    originals: finder.size,
    finderMB: Math.round(
      (process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - heapBefore) / 2 ** 20,
    ),
  };
  return { posts: count, before, after };
}
