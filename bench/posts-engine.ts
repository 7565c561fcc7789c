import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createHash } from 'node:crypto';
import { generateDemoPosts } from '@yuqing/server/seed/demo/generate';
import { postStream } from '../packages/server/src/cli/post-stream.js';
import { BENCH_ADMIN_PASSWORD, percentile, startBenchServer } from './bench-server.js';

const DAY = 86_400_000;
const SCOPE = 'repository=yuqing&customer=demo&project=demo';

interface Answer {
  success: boolean;
  msg?: string;
  data?: Record<string, unknown>;
}

/** Terms of the demo posts, each searched once (with the total) before any other search. */
const FIRST_CALL_TERMS = {
  'keyword first call, two characters': [
    '续航',
    '售后',
    '召回',
    '降价',
    '充电',
    '口碑',
    '投诉',
    '车主',
    '试驾',
    '配置',
    '价格',
    '安全',
    '电池',
    '新车',
    '交付',
    '质量',
  ],
  'keyword first call, three or more characters': [
    '星河汽车',
    '发布会',
    '自动驾驶',
    '续航里程',
    '售后服务',
    '充电桩',
    '新能源',
    '智能座舱',
    '性价比',
    '车主群',
    '试驾体验',
    '官方指导价',
    '交付量',
    '高速工况',
    '长途出行',
    '讨论热度',
  ],
};

/**
 * Generates `count` demo posts, imports them through the HTTP API, then times every catalog entry
 * and keyword searches through the API: median and p95 over `runs` calls each.
 */
export async function benchPostsEngine(count: number, runs = 30) {
  const { server, dataDir } = await startBenchServer('posts', 0);

  const base = `http://127.0.0.1:${server.port}/api/v1`;
  let closed = false;
  try {
    const login = await fetch(`${base}/login?${SCOPE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'admin',
        password: createHash('md5').update(BENCH_ADMIN_PASSWORD).digest('hex'),
        customer: { code: 'demo', name: '' },
        timestamp: Date.now(),
      }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

    const now = Date.now();
    // The file is written first, so the import is timed without the generator's CPU time (it
    // would run on the server's own thread).
    const file = join(dataDir, 'posts.ndjson');
    const lines = (function* () {
      let chunk = '';
      for (const post of generateDemoPosts({ count, seed: 42, now })) {
        chunk += `${JSON.stringify(post)}\n`;
        if (chunk.length > 1 << 20) {
          yield chunk;
          chunk = '';
        }
      }
      yield chunk;
    })();
    await pipeline(Readable.from(lines), createWriteStream(file));
    const importStarted = performance.now();
    const imported = JSON.parse(
      (
        await postStream(
          new URL(`${base}/posts/import?${SCOPE}`),
          { cookie, 'content-type': 'application/x-ndjson' },
          createReadStream(file),
        )
      ).text,
    ) as Answer;
    const importSeconds = (performance.now() - importStarted) / 1000;
    await rm(file, { force: true });
    if (!imported.success) throw new Error(`import failed: ${imported.msg}`);

    const last30 = { start: now - 30 * DAY, end: now };
    const cases: Record<string, Record<string, unknown>> = {
      common_articles_page: { ...last30, aggs: 'common_articles_page' },
      common_top5: { ...last30, aggs: 'common_top5', field: 'media_platform' },
      common_all_topic: { ...last30, aggs: 'common_all_topic' },
      common_terms: { ...last30, aggs: 'common_terms', field: 'province' },
      common_trend: { ...last30, aggs: 'common_trend', interval: 'day' },
      'common_trend (series)': {
        ...last30,
        aggs: 'common_trend',
        interval: 'day',
        series: 'tendency',
      },
      common_statistics: { ...last30, aggs: 'common_statistics' },
      common_words: { ...last30, aggs: 'common_words' },
      common_heatmap: { ...last30, aggs: 'common_heatmap' },
      common_pivot: { ...last30, aggs: 'common_pivot', rows: 'media_platform', cols: 'tendency' },
      common_authors: { ...last30, aggs: 'common_authors' },
      common_hot_posts: { ...last30, aggs: 'common_hot_posts', sort: 'engagement_num desc' },
      common_retweet_graph: { ...last30, aggs: 'common_retweet_graph' },
      'all time trend, 180 days': { aggs: 'common_trend', interval: 'day' },
      'keyword 2 terms + total': { aggs: 'common_articles_page', q: '星河 续航' },
      'keyword OR/NOT + total': { aggs: 'common_articles_page', q: '(售后 | 召回) -广告' },
    };
    const search = async (name: string, body: Record<string, unknown>) => {
      const started = performance.now();
      const answer = await fetch(`${base}/search?${SCOPE}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((response) => response.json() as Promise<Answer>);
      if (!answer.success) throw new Error(`${name}: ${answer.msg}`);
      return performance.now() - started;
    };
    const summary = (times: number[]) => {
      times.sort((a, b) => a - b);
      return {
        medianMs: Math.round(percentile(times, 0.5) * 10) / 10,
        p95Ms: Math.round(percentile(times, 0.95) * 10) / 10,
      };
    };
    const results: Record<string, { medianMs: number; p95Ms: number }> = {};
    // A keyword's bitmap is kept until the next write, so each of these terms is asked once.
    for (const [name, terms] of Object.entries(FIRST_CALL_TERMS)) {
      const times: number[] = [];
      for (const q of terms) times.push(await search(name, { aggs: 'common_articles_page', q }));
      results[name] = summary(times);
    }
    for (const [name, body] of Object.entries(cases)) {
      const times: number[] = [];
      for (let i = 0; i < runs + 2; i++) {
        const took = await search(name, body);
        if (i >= 2) times.push(took);
      }
      results[name] = summary(times);
    }
    await server.close();
    closed = true;
    const fileBytes = (await stat(join(dataDir, 'posts.duckdb'))).size;
    return {
      posts: count,
      import: {
        ...imported.data,
        seconds: Math.round(importSeconds * 10) / 10,
        postsPerSecond: Math.round(count / importSeconds),
      },
      duckdbMBPerMillionPosts: Math.round((fileBytes / 1e6 / count) * 1e6),
      latency: results,
    };
  } finally {
    if (!closed) await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
