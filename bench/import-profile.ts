import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateDemoPosts } from '@yuqing/server/seed/demo/generate';
import { toPost } from '../packages/server/src/ingest/to-post.js';
import { createEnricher, enrichInputOf } from '../packages/server/src/ingest/enrich/enrich.js';
import { postWords } from '../packages/server/src/ingest/enrich/post-text.js';
import { cloudWords } from '../packages/server/src/ingest/enrich/tokens.js';
import {
  simhashOfWords,
  NearDuplicateIndex,
} from '../packages/server/src/ingest/enrich/simhash.js';
import { loadSentimentModel } from '../packages/server/src/ingest/enrich/sentiment.js';
import { provinceOf } from '../packages/server/src/ingest/enrich/province.js';
import { encodePosts } from '../packages/server/src/engine/duckdb/rows.js';
import { DuckDbEngine } from '../packages/server/src/engine/duckdb/engine.js';
import type { StoredPost } from '../packages/server/src/engine/types.js';
import { storedTagsOf } from '../packages/server/src/ingest/import-tagging.js';
import { compileMatcher } from '../packages/server/src/tagging/compile-matcher.js';
import { demoRules } from '../packages/server/src/seed/demo-rules.js';

// node --import tsx bench/import-profile.ts --posts 50000
const { values } = parseArgs({ options: { posts: { type: 'string', default: '50000' } } });
const count = Number(values.posts);
const t = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const report: Record<string, number> = {};
const lap = (name: string, start: number) => {
  const ms = t() - start;
  report[name] = Math.round((ms / count) * 1e6) / 1000; // s per million
};

let s = t();
const lines = [...generateDemoPosts({ count, seed: 42, now: Date.now() })].map((p) =>
  JSON.stringify(p),
);
lap('generate+stringify', s);
s = t();
const values2 = lines.map((line) => JSON.parse(line) as unknown);
lap('JSON.parse', s);
s = t();
const posts = values2.map((v, i) => {
  const r = toPost(i + 1, v, 'Asia/Shanghai');
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.post;
});
lap('validate (toPost)', s);
const enricher = await createEnricher();
const sentiment = await loadSentimentModel();
postWords('预热');
s = t();
const words = posts.map((p) => postWords(`${p.title}\n${p.text || p.body}`));
lap('jieba postWords', s);
s = t();
const tokens = words.map((w) => cloudWords(w, new Set()));
lap('cloudWords', s);
s = t();
const hashes = words.map((w) => simhashOfWords(w));
lap('simhash', s);
s = t();
posts.forEach((p) => sentiment.classify(`${p.title}\n${p.text || p.body}`));
lap('sentiment (all)', s);
s = t();
posts.forEach((p) => provinceOf(p.province ?? '') || provinceOf(p.location ?? ''));
lap('province', s);
s = t();
const index = new NearDuplicateIndex();
hashes.forEach((h) => {
  index.hasNear(h);
  index.add(h);
});
lap('near-dup index', s);
s = t();
const stored: StoredPost[] = posts.map((p) => {
  const d = enricher.enrich(enrichInputOf(p), { discardWords: new Set() });
  return { ...p, ...d, water_post: 'NO' };
});
lap('enrich() total', s);
void tokens;
const matcher = compileMatcher(demoRules);
storedTagsOf(stored[0]!, matcher);
s = t();
for (const post of stored) Object.assign(post, storedTagsOf(post, matcher));
lap('tagging (storedTagsOf, demo rules)', s);
s = t();
for (let i = 0; i < stored.length; i += 20000) encodePosts('p1', stored.slice(i, i + 20000));
lap('encodePosts (rows, bigram segment)', s);

const dir = await mkdtemp(join(tmpdir(), 'yuqing-prof-'));
const engine = await DuckDbEngine.open({
  path: join(dir, 'posts.duckdb'),
  stagingDir: join(dir, 'staging'),
});
s = t();
const session = await engine.openImport({ projectId: 'p1', timeZone: 'Asia/Shanghai' });
for (let i = 0; i < stored.length; i += 20000) await session.add(stored.slice(i, i + 20000));
lap('engine add (toRow+stage)', s);
s = t();
await session.commit();
lap('engine commit', s);
await engine.close();
await rm(dir, { recursive: true, force: true });
console.log('seconds per million posts:', report);
