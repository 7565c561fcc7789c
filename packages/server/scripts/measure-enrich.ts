/**
 * Measures enrichment speed: sentiment model load, classification (demo posts and real hot-search
 * titles), whole-post enrichment, and the near-duplicate index at a million hashes.
 *
 *   npx tsx packages/server/scripts/measure-enrich.ts [data folder of /work/shared/data]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { generateDemoPosts } from '../src/seed/demo/generate.js';
import { createEnricher } from '../src/ingest/enrich/enrich.js';
import { postWords } from '../src/ingest/enrich/post-text.js';
import { loadSentimentModel } from '../src/ingest/enrich/sentiment.js';
import { NearDuplicateIndex } from '../src/ingest/enrich/simhash.js';
import { seededRandom } from './seeded-random.js';

const DATA_DIR = process.argv[2] ?? '/work/shared/data';
const POSTS = 100_000;
const HASHES = 1_000_000;
const LOCATIONS = ['广东 深圳', '北京市朝阳区', '浙江杭州', '海外', '', '四川 成都'];

const say = (line: string) => process.stdout.write(`${line}\n`);

/** Wall time, and the process's CPU time, which other load on the machine disturbs less. */
function timed<T>(run: () => T): { value: T; ms: number; cpuMs: number } {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const value = run();
  const cpu = process.cpuUsage(cpuStart);
  return { value, ms: performance.now() - start, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const rate = (count: number, ms: number) => Math.round((count / ms) * 1000).toLocaleString('en');
const speed = (count: number, { ms, cpuMs }: { ms: number; cpuMs: number }) =>
  `${ms.toFixed(0)} ms, ${rate(count, ms)}/s (CPU ${cpuMs.toFixed(0)} ms, ${rate(count, cpuMs)}/CPU-s)`;

const hotSearchDir = `${DATA_DIR}/weibo-hot-search`;
const titles = readdirSync(hotSearchDir)
  .filter((file) => file.endsWith('.json'))
  .flatMap((file) =>
    (JSON.parse(readFileSync(`${hotSearchDir}/${file}`, 'utf8')) as { title: string }[]).map(
      ({ title }) => title,
    ),
  );
// Demo posts: Weibo originals, reposts with their chains, news and forum posts with titles.
const posts = [...generateDemoPosts({ count: POSTS, seed: 42, now: Date.UTC(2026, 10, 1) })];
const texts = posts.map((post) => `${post.title ?? ''}\n${post.text || post.body || ''}`);
const averageLength = texts.reduce((sum, text) => sum + text.length, 0) / texts.length;
say(`${POSTS} demo posts, ${averageLength.toFixed(0)} characters on average`);

const loadStart = performance.now();
const model = await loadSentimentModel();
say(`sentiment model load: ${(performance.now() - loadStart).toFixed(0)} ms`);
say(`jieba dictionary load: ${timed(() => postWords('预热')).ms.toFixed(0)} ms`);

const classified = timed(() => texts.map((text) => model.classify(text)));
// Twice: the first pass also warms the JIT.
const classifiedAgain = timed(() => texts.map((text) => model.classify(text)));
say(`classify (warm): ${speed(POSTS, classifiedAgain)}`);
say(`classify: ${speed(POSTS, classified)}`);
const shares = ['正面', '中性', '负面'].map(
  (label) =>
    `${label} ${((classified.value.filter((l) => l === label).length / POSTS) * 100).toFixed(1)}%`,
);
say(`  labels: ${shares.join(', ')}`);

const enricher = await createEnricher();
const options = { discardWords: new Set(['转发微博', '网页链接']) };
const enriched = timed(() =>
  posts.map((post, i) =>
    enricher.enrich(
      {
        title: post.title ?? '',
        text: post.text ?? '',
        body: post.body ?? '',
        location: LOCATIONS[i % LOCATIONS.length]!,
      },
      options,
    ),
  ),
);
say(`enrich (demo posts): ${speed(POSTS, enriched)}`);
const titled = timed(() => titles.map((title) => model.classify(title)));
say(`classify hot-search titles (${titles.length}): ${speed(titles.length, titled)}`);

const random = seededRandom(1);
const hex32 = () =>
  Math.floor(random() * 2 ** 32)
    .toString(16)
    .padStart(8, '0');
const hashes = Array.from({ length: HASHES }, () => hex32() + hex32());
const heapBefore = process.memoryUsage().heapUsed;
const index = new NearDuplicateIndex();
const added = timed(() => hashes.forEach((hash) => index.add(hash)));
const indexMiB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
say(`NearDuplicateIndex: add ${HASHES}: ${speed(HASHES, added)}, ~${indexMiB.toFixed(0)} MiB`);
const queries = enriched.value.map(({ simhash }) => simhash);
const queried = timed(() => queries.filter((hash) => index.hasNear(hash)).length);
say(`  hasNear x ${queries.length} against ${HASHES}: ${speed(queries.length, queried)}`);
