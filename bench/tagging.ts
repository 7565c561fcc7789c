import { tagRules, type TagRules } from '@yuqing/core';
import { generateDemoPosts } from '@yuqing/server/seed/demo/generate';
import { demoRules } from '../packages/server/src/seed/demo-rules.js';
import { openStore } from '../packages/server/src/store/index.js';
import { compileMatcher, type TagMatcher } from '../packages/server/src/tagging/compile-matcher.js';
import { tagPost } from '../packages/server/src/tagging/tag-post.js';
import { buildProject } from '../packages/server/test/factories.js';

const EXTRA_PRODUCTS = 10_000;
const RELOADS = 10;
const SYLLABLES = '极光银河启明北斗天际远航星辰云海青山长风凌霄逐日破晓'.split('');
const SERIES = ['L', 'M', 'Q', 'V', 'GT', 'Pro', 'Max', 'EV'];

/** The demo rules with 10,000 more products (and their aliases) under 100 more brands. */
function rulesWithExtraProducts(): TagRules {
  const brands = Array.from({ length: 100 }, (_, i) => ({
    name: `品牌${i}`,
    path: `/品牌/品牌${i}`,
    aliases: [],
  }));
  const products = Array.from({ length: EXTRA_PRODUCTS }, (_, i) => {
    const name =
      SYLLABLES[i % SYLLABLES.length]! +
      SYLLABLES[Math.floor(i / SYLLABLES.length) % SYLLABLES.length]! +
      SERIES[i % SERIES.length]! +
      String(i);
    return { name, type: '', brand: `品牌${i % 100}`, category: '', aliases: [`${name}款`] };
  });
  return tagRules.parse({
    ...demoRules,
    brands: [...demoRules.brands, ...brands],
    products: [...demoRules.products, ...products],
  });
}

const leaves = (paths: readonly string[]) =>
  paths.filter((path) => !paths.some((other) => other.startsWith(`${path}/`)));

/**
 * Posts a second over wall time and over this process's CPU time: the machine is shared, and CPU
 * time is what one core gives whatever else runs.
 */
function timeTagging(
  matcher: TagMatcher,
  posts: readonly { title?: string; text?: string; body?: string }[],
) {
  for (const post of posts.slice(0, 1000)) tagPost(matcher, post);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (const post of posts) tagPost(matcher, post);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return {
    postsPerSecond: Math.round(posts.length / seconds),
    postsPerCpuSecond: Math.round(posts.length / cpuSeconds),
    microsPerPost: +((seconds * 1e6) / posts.length).toFixed(1),
  };
}

/** How far the tagger's leaf paths agree with the paths the demo generator wrote its posts from. */
function agreement(matcher: TagMatcher, posts: ReturnType<typeof demoPosts>) {
  const tally = {
    brand: { found: 0, expected: 0, correct: 0 },
    topic: { found: 0, expected: 0, correct: 0 },
  };
  for (const post of posts) {
    const { kg_infos } = tagPost(matcher, post);
    for (const [kind, found, expected] of [
      ['brand', kg_infos.brand_paths, leaves(post.brand_paths ?? [])],
      ['topic', kg_infos.topic_paths, leaves(post.topic_paths ?? [])],
    ] as const) {
      tally[kind].found += found.length;
      tally[kind].expected += expected.length;
      tally[kind].correct += found.filter((path) => expected.includes(path)).length;
    }
  }
  const ratio = ({ found, expected, correct }: (typeof tally)['brand']) => ({
    precision: +(correct / found).toFixed(3),
    recall: +(correct / expected).toFixed(3),
  });
  return { brandPaths: ratio(tally.brand), topicPaths: ratio(tally.topic) };
}

function demoPosts(count: number) {
  return [...generateDemoPosts({ count, seed: 7, now: Date.UTC(2026, 0, 1) })];
}

/**
 * Reloads of the rules from a PGlite store (read and compile, as the tagger's thread is sent and
 * compiles a changed version), timed in a process that does not yet hold the posts: the store
 * and its matchers are all the heap there is, as in a server.
 */
async function timeReloads(rules: TagRules) {
  const compileStarted = performance.now();
  compileMatcher(rules);
  const compileMs = performance.now() - compileStarted;
  const store = await openStore({ dataDir: 'memory://' });
  try {
    const project = await buildProject(store);
    await store.taggingRules.replace(project.id, rules, null);
    const reload = async () =>
      compileMatcher(JSON.parse((await store.taggingRules.getText(project.id))!.text) as TagRules);
    await reload();
    const reloads: number[] = [];
    for (let i = 0; i < RELOADS; i++) {
      const started = performance.now();
      await reload();
      reloads.push(performance.now() - started);
    }
    reloads.sort((a, b) => a - b);
    return {
      firstCompile: +compileMs.toFixed(1),
      p50: +reloads[Math.floor(RELOADS / 2)]!.toFixed(1),
      max: +reloads.at(-1)!.toFixed(1),
    };
  } finally {
    await store.close();
  }
}

/**
 * The tagger on demo posts in one thread (one core): rule reloads of the demo rules with 10,000
 * more products, then posts a second with the demo rules and with the larger set, and agreement
 * with the generator's own paths.
 */
export async function benchTagging(count: number) {
  const large = rulesWithExtraProducts();
  const reloadMs = await timeReloads(large);
  const posts = demoPosts(count);
  const largeMatcher = compileMatcher(large);
  return {
    posts: posts.length,
    reloadMs,
    demoRules: timeTagging(compileMatcher(demoRules), posts),
    withExtraProducts: {
      products: large.products.length,
      ...timeTagging(largeMatcher, posts),
    },
    agreementWithGenerator: agreement(largeMatcher, posts),
  };
}
