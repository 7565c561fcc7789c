import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openStore, type Store } from '../src/store/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data folder to copy, and where the copies go (global-setup.ts). */
    pgliteTemplate?: { dir: string; copies: string };
  }
}

export type TestStoreKind = 'pglite' | 'postgres';

/**
 * Store kinds to run a suite on: PGlite always, a PostgreSQL server as well when
 * TEST_DATABASE_URL names one (CI sets it).
 */
export function testStoreKinds(): TestStoreKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh, migrated, empty store; on PostgreSQL a database of its own, dropped on close. */
export async function openTestStore(kind: TestStoreKind): Promise<Store> {
  if (kind === 'pglite') return openTestPGlite();

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `yuqing_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const store = await openStore({ databaseUrl: url.toString(), dataDir: 'memory://' });
  return {
    ...store,
    async close() {
      await store.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // Not `with (force)`: the pool's last clients may still be saying goodbye, and a forced drop
      // kills them with an error nobody listens to; a plain drop waits up to 5 s for them to go.
      await cleanup.query(`drop database if exists ${name}`);
      await cleanup.end();
    },
  };
}

/**
 * A PGlite store. A new PGlite database spends seconds in initdb and the migrations, so when the
 * test run's global setup prepared a migrated, empty one, the store opens a copy of it (in a
 * folder of its own, removed on close); otherwise a new one in memory.
 */
async function openTestPGlite(): Promise<Store> {
  const template = inject('pgliteTemplate');
  if (!template) return openStore({ dataDir: 'memory://' });
  const dataDir = await mkdtemp(join(template.copies, 'store-'));
  await cp(template.dir, dataDir, { recursive: true });
  const store = await openStore({ dataDir });
  return {
    ...store,
    async close() {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Makes the migrated, empty PGlite data folder that openTestStore('pglite') copies. */
export async function preparePGliteTemplate(
  root: string,
): Promise<{ dir: string; copies: string }> {
  const dir = join(root, 'template');
  const copies = join(root, 'copies');
  const store = await openStore({ dataDir: dir });
  await store.close();
  await mkdir(copies, { recursive: true });
  return { dir, copies };
}
