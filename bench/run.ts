import { mkdir, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { measureBundle } from './bundle-size.js';
import { benchAlerts } from './alerts.js';
import { benchLoad } from './load.js';
import { benchNearDuplicates } from './near-duplicates.js';
import { benchEngines } from './engines.js';
import { benchExports } from './exports.js';
import { benchImportTagging } from './import-tagging.js';
import { benchPageData } from './page-data.js';
import { benchPostsEngine } from './posts-engine.js';
import { benchSchedules } from './schedules.js';
import { benchSearchScreen } from './search-screen.js';
import { measureStart } from './start-time.js';
import { benchTagging } from './tagging.js';

// npm run bench [-- --posts 1000000 --runs 30 --only start|bundle|posts|search|load|page|exports|engines|tagging|import-tagging|alerts|schedules|duplicates]
// (engines: DuckDB, and ClickHouse too with CLICKHOUSE_BENCH_URL and CLICKHOUSE_BENCH_CLUSTER;
//  --grow 10 then copies the posts inside each engine to 10 times as many and times again)
// (load: --viewers 50 --requests 40; page: --before <checkout of the code before a change>;
//  exports: --export-rows 1000000 writes the offline xlsx of that many posts, 100,000 by default;
//  load and exports: --profile <dir> has the server write CPU profiles of its threads there)
const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '30' },
    only: { type: 'string' },
    viewers: { type: 'string', default: '50' },
    requests: { type: 'string', default: '40' },
    before: { type: 'string' },
    postgres: { type: 'string' },
    profile: { type: 'string' },
    grow: { type: 'string', default: '1' },
    'export-rows': { type: 'string', default: '100000' },
  },
});
const results: Record<string, unknown> = { measuredAt: new Date().toISOString() };
if (!values.only || values.only === 'start') results.start = await measureStart();
if (!values.only || values.only === 'bundle') results.bundle = await measureBundle();
if (!values.only || values.only === 'posts') {
  results.postsEngine = await benchPostsEngine(Number(values.posts), Number(values.runs));
}
if (!values.only || values.only === 'search') {
  results.searchScreen = await benchSearchScreen(Number(values.posts));
}
if (values.only === 'load') {
  results.load = await benchLoad(
    Number(values.posts),
    Number(values.viewers),
    Number(values.requests),
    {
      postgresUrl: values.postgres,
      cpuProfileDir: values.profile,
    },
  );
}
if (values.only === 'page') {
  results.pageData = await benchPageData(Number(values.posts), Number(values.runs), values.before);
}
if (values.only === 'engines') {
  results.engines = await benchEngines(
    Number(values.posts),
    Number(values.runs),
    Number(values.grow),
  );
}
if (values.only === 'tagging') results.tagging = await benchTagging(Number(values.posts));
if (values.only === 'import-tagging') {
  results.importTagging = await benchImportTagging(Number(values.posts), Number(values.runs));
}
if (values.only === 'duplicates')
  results.nearDuplicates = await benchNearDuplicates(Number(values.posts));
if (values.only === 'alerts') results.alerts = await benchAlerts(Number(values.posts));
if (values.only === 'schedules') results.schedules = await benchSchedules(Number(values.posts));
if (values.only === 'exports') {
  results.exports = await benchExports(
    Number(values.posts),
    Number(values.runs),
    Number(values['export-rows']),
    { cpuProfileDir: values.profile },
  );
}
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
const name = values.only ?? 'all';
await writeFile(
  new URL(`./results/${name}-${values.posts}.json`, import.meta.url),
  JSON.stringify(results, null, 2),
);
console.log(JSON.stringify(results, null, 2));
