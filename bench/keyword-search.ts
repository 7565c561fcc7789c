// node --import tsx bench/keyword-search.ts /tmp/yq.duckdb (a database from bench/build-db.ts)
// Times search() with keywords in process: list + total, median and best of 7.
import { postQuery } from '@yuqing/core';
import { DuckDbEngine } from '../packages/server/src/engine/duckdb/engine.js';
const engine = await DuckDbEngine.open({ path: process.argv[2]!, stagingDir: '/tmp/yq-staging' });
const scope = { projectId: 'p1', timeZone: 'Asia/Shanghai' };
for (const q of ['星河 续航', '(售后 | 召回) -广告', '星河汽车', 'title:星河 | 续航']) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    const r = await engine.search(scope, postQuery.parse({ q }), {
      size: 20,
      page: 0,
      sort: 'created desc',
    });
    total = r.total;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(q, total, times[3]!.toFixed(1), times[0]!.toFixed(1));
}
await engine.close();
