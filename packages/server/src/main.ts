import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { readConfig, type Config } from './config.js';
import { createDataDir, restrictDataDir } from './data-dir.js';
import { openPostsEngine } from './engine/open-engine.js';
import { PostImporter } from './ingest/importer.js';
import {
  localUrl,
  newCliToken,
  removeRunningServer,
  writeRunningServer,
} from './cli/running-server.js';
import { seedDemoPosts } from './seed/demo-posts.js';
import { seedIfEmpty } from './seed/seed.js';
import { openStore } from './store/index.js';
import { storeProjectWriteLock } from './jobs/project-write-lock.js';
import { keepEventLoopFirst } from './http/thread-priority.js';

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Opens the store, seeds an empty one, and listens. Used by `npm start` and the e2e tests. */
export async function startServer(config: Config) {
  await createDataDir(config.dataDir);
  if (config.themesDir) await mkdir(config.themesDir, { recursive: true });
  const store = await openStore(config);
  const engine = await openPostsEngine(config, storeProjectWriteLock(store.writeLocks));
  await restrictDataDir(config.dataDir);
  const importer = new PostImporter(engine);
  const seeded = await seedIfEmpty(store, config.adminPassword);
  const cliToken = newCliToken();
  const app = await buildApp({
    config: {
      ...config,
      webDist: config.webDist ?? WEB_DIST,
      cliToken,
    },
    store,
    engine,
    importer,
  });
  await app.listen({ port: config.port, host: config.host });
  const stopNicing = keepEventLoopFirst(config.backgroundNice);
  // The server answers at once; the demo's posts appear when their import commits.
  const stopSeeding = new AbortController();
  const demoPosts = seedDemoPosts(store, engine, importer, config.demoPosts, {
    signal: stopSeeding.signal,
    onProgress: (rows) => app.log.info(`演示数据 demo posts: ${rows}/${config.demoPosts}`),
  }).catch((error: unknown) => {
    if (!stopSeeding.signal.aborted) app.log.error(error, 'demo posts could not be generated');
    return undefined;
  });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  await writeRunningServer(config.dataDir, { url: localUrl(config.host, port), token: cliToken });
  const close = async () => {
    stopNicing();
    stopSeeding.abort();
    await demoPosts;
    await removeRunningServer(config.dataDir);
    await app.close();
    await importer.close();
    await engine.close();
    await store.close();
  };
  return { app, store, port, seeded, demoPosts, close };
}

async function main() {
  const config = readConfig();
  const started = Date.now();
  const { port, seeded, demoPosts, close } = await startServer(config);
  void demoPosts.then((report) => {
    if (report) console.log(`  演示数据已生成 Demo posts ready: ${report.imported}`);
  });
  const url = `http://localhost:${port}/`;
  console.log(`\n  舆情分析平台已启动 (Yuqing is running) in ${Date.now() - started} ms`);
  console.log(`  打开 Open: ${url}`);
  if (seeded.generatedAdminPassword) {
    console.log(`  超级管理员 Super admin: admin / ${seeded.generatedAdminPassword}`);
    console.log('  (此密码只显示一次 shown once; set ADMIN_PASSWORD to choose it)\n');
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void close().then(() => process.exit(0)));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
