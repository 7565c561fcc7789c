// The product's configuration in the e2e tests, and the demo data folder prepared once per run.
// Run as a script (`node --import tsx e2e/demo-data.ts`), it prepares that folder and prints its
// path: the e2e global setup does so in a process of its own.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from '@yuqing/server/config';
import { startServer } from '@yuqing/server/main';

export const ADMIN_PASSWORD = 'e2e-admin-pass';
/** Demo posts a product starts with unless a test asks otherwise. */
export const DEMO_POSTS = 3000;

/**
 * The server's configuration on `dataDir`, optionally with a fake WeChat provider and other
 * variables (`env`, e.g. a fake language model's).
 */
export function productConfig(
  dataDir: string,
  options: { demoPosts?: number; wxProviderUrl?: string; env?: Record<string, string> } = {},
) {
  return readConfig({
    ...options.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    DEMO_POSTS: String(options.demoPosts ?? DEMO_POSTS),
    ...(options.wxProviderUrl && {
      WX_APP_ID: 'wx-e2e',
      WX_APP_SECRET: 'wx-e2e-secret',
      WX_QR_BASE_URL: options.wxProviderUrl,
      WX_API_BASE_URL: options.wxProviderUrl,
    }),
  });
}

/**
 * A data folder as the product leaves it after its first start: seeded, with the default demo
 * posts imported, server stopped. The e2e global setup makes one per run; each product that
 * starts with the default demo posts gets a copy of it instead of importing them again.
 * The server makes its process's files private (umask 077): run this in a process of its own.
 */
export async function prepareDemoDataDir(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'yuqing-e2e-demo-'));
  const server = await startServer(productConfig(dataDir));
  const report = await server.demoPosts;
  await server.close();
  if (report?.imported !== DEMO_POSTS) {
    throw new Error(`the demo import gave ${report?.imported ?? 'no'} posts`);
  }
  return dataDir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await prepareDemoDataDir());
}
