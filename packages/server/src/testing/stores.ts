import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openStore, type Store } from '../store/index.js';

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
  if (kind === 'pglite') return openStore({ dataDir: 'memory://' });

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
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
