import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { readConfig, type Config } from './config.js';
import { seedIfEmpty } from './seed/seed.js';
import { openStore } from './store/index.js';

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Opens the store, seeds an empty one, and listens. Used by `npm start` and the e2e tests. */
export async function startServer(config: Config) {
  if (config.themesDir) await mkdir(config.themesDir, { recursive: true });
  const store = await openStore(config);
  const seeded = await seedIfEmpty(store, config.adminPassword);
  const app = await buildApp({ config: { ...config, webDist: config.webDist ?? WEB_DIST }, store });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const close = async () => {
    await app.close();
    await store.close();
  };
  return { app, store, port, seeded, close };
}

async function main() {
  const config = readConfig();
  const started = Date.now();
  const { port, seeded, close } = await startServer(config);
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
