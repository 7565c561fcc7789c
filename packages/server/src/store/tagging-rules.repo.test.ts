import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRules } from '../seed/demo-rules.js';
import { bigTagRules } from '../../test/big-rules.js';
import { buildProject } from '../../test/factories.js';
import {
  HEALTH_HOLD_LIMIT_MS,
  loopGapDuring,
  retriedGaps,
  heldMs,
} from '../../test/health-prober.js';
import { openTestStore, testStoreKinds } from '../../test/stores.js';
import type { Store } from './index.js';
import { migrationProvider } from './migrations/index.js';
import { pglitePool } from './pglite-pool.js';
import type { Database } from './schema.js';
import { RULES_PART_CHARS, TaggingRulesRepo } from './tagging-rules.repo.js';

describe.each(testStoreKinds())('tagging rules on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(() => store.close());

  it('keeps rules of many parts whole, a new version each time, and deletes the one replaced', async () => {
    const project = await buildProject(store);
    expect(await store.taggingRules.get(project.id)).toBeUndefined();
    expect(await store.taggingRules.version(project.id)).toBeUndefined();

    const big = bigTagRules(1_500, 10);
    expect(JSON.stringify(big).length).toBeGreaterThan(10 * RULES_PART_CHARS);
    await store.taggingRules.replace(project.id, big, 'admin');
    const first = await store.taggingRules.version(project.id);
    expect(await store.taggingRules.get(project.id)).toMatchObject({
      rules: big,
      updatedBy: 'admin',
    });

    await store.taggingRules.replace(project.id, demoRules, null);
    const second = await store.taggingRules.getText(project.id);
    expect(second?.version).not.toBe(first);
    expect(JSON.parse(second!.text)).toEqual(demoRules);
    expect(second?.updatedBy).toBeNull();
    const db = (store.taggingRules as unknown as { db: Kysely<Database> }).db;
    const versions = await db
      .selectFrom('tagging_rule_parts')
      .select('version')
      .distinct()
      .where('project_id', '=', project.id)
      .execute();
    expect(versions).toEqual([{ version: second!.version }]);
  });

  it('reads one whole version while others replace it', async () => {
    const project = await buildProject(store);
    const sets = [bigTagRules(300, 10), bigTagRules(400, 5), demoRules];
    await store.taggingRules.replace(project.id, sets[0]!, null);
    const texts = sets.map((rules) => JSON.stringify(rules));
    const reads = await Promise.all([
      ...sets.map((rules) => store.taggingRules.replace(project.id, rules, null)),
      ...Array.from({ length: 6 }, () => store.taggingRules.getText(project.id)),
    ]);
    for (const read of reads.slice(sets.length)) expect(texts).toContain(read!.text);
  });
});

describe('tagging rules on an embedded PGlite', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore('pglite');
  });
  afterAll(() => store.close());

  it('writes and reads 4.8 MB of rules without holding the thread past 100 ms', async () => {
    // As one jsonb value, writing these held the thread 0.5-2 s and reading them 0.3-0.9 s.
    const project = await buildProject(store);
    const rules = bigTagRules();
    const text = JSON.stringify(rules);
    const write = await retriedGaps(
      async () =>
        (await loopGapDuring(() => store.taggingRules.replaceText(project.id, text, null)))
          .maxGapMs,
    );
    const read = await retriedGaps(
      async () => (await loopGapDuring(() => store.taggingRules.getText(project.id))).maxGapMs,
    );
    expect(heldMs(write), `write ${write.join(', ')} ms`).toBeLessThanOrEqual(HEALTH_HOLD_LIMIT_MS);
    expect(heldMs(read), `read ${read.join(', ')} ms`).toBeLessThanOrEqual(HEALTH_HOLD_LIMIT_MS);
    expect((await store.taggingRules.getText(project.id))?.text).toBe(text);
  }, 60_000);
});

describe('migration 019', () => {
  it('moves rules stored as jsonb to one part of version v1', async () => {
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: pglitePool(undefined) }),
    });
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      await migrator.migrateTo('015-report-owners');
      await sql`
        with customer as (insert into customers (code, name) values ('c', 'C') returning id),
        project as (
          insert into projects (customer_id, repository, code, name, profile)
          select id, 'yuqing', 'p', 'P', '{}' from customer returning id
        )
        insert into tagging_rules (project_id, rules, updated_by)
        select id, ${JSON.stringify(demoRules)}::jsonb, 'admin' from project
      `.execute(db);
      const { error } = await migrator.migrateToLatest();
      expect(error).toBeUndefined();
      const repo = new TaggingRulesRepo(db);
      const [{ id }] = (await sql<{ id: string }>`select id from projects`.execute(db)).rows as [
        { id: string },
      ];
      expect(await repo.getText(id)).toMatchObject({ version: 'v1', updatedBy: 'admin' });
      expect((await repo.get(id))?.rules).toEqual(demoRules);
    } finally {
      await db.destroy();
    }
  });
});
