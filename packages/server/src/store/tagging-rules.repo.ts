import { randomUUID } from 'node:crypto';
import { setImmediate as turn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { StoredTagRules, TagRules } from '@yuqing/core';
import type { Database } from './schema.js';

/**
 * Characters of the rules' JSON per stored part: a part of 32,768 characters (at most 96 KB) takes
 * milliseconds to write or read. Written when PGlite ran in the server's thread (its statements
 * answered without the event loop turning, so the loops below give it a turn between statements);
 * PGlite now runs in a worker (pglite-pool.ts), and the parts keep each message small.
 */
export const RULES_PART_CHARS = 32_768;
/** Parts read by one statement. */
const PARTS_PER_READ = 4;
/** Reads that found their version replaced under them before they gave up. */
const READ_TRIES = 5;

/** The stored rules as their JSON text, with the version they are (new with each replacement). */
export interface StoredTagRulesText {
  version: string;
  /** The rules' JSON. */
  text: string;
  updatedAt: string;
  updatedBy: string | null;
}

/**
 * Each project's tagging rules, replaced whole; rules are validated before they are stored. They
 * are kept as JSON text in parts of one version (migration 019): a replacement writes the new
 * version's parts one statement at a time, then names it current in one statement and deletes the
 * version it replaced, so no statement holds an embedded store's thread for long, and a read never
 * mixes parts of two versions.
 */
export class TaggingRulesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The project's rules, or undefined if it never had any. */
  async get(projectId: string): Promise<StoredTagRules | undefined> {
    const stored = await this.getText(projectId);
    if (!stored) return undefined;
    const { text, updatedAt, updatedBy } = stored;
    return { rules: JSON.parse(text) as TagRules, updatedAt, updatedBy };
  }

  /** The current version of the project's rules, or undefined if it never had any. */
  async version(projectId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('tagging_rules')
      .select(['version', 'parts'])
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return row && row.parts > 0 ? row.version : undefined;
  }

  /** The project's rules as JSON text, read part by part; undefined if it never had any. */
  async getText(projectId: string): Promise<StoredTagRulesText | undefined> {
    for (let attempt = 0; attempt < READ_TRIES; attempt++) {
      const row = await this.db
        .selectFrom('tagging_rules')
        .select(['version', 'parts', 'updated_at', 'updated_by'])
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      if (!row || row.parts === 0) return undefined;
      const texts = await this.partsOf(projectId, row.version, row.parts);
      // Replaced (and its parts deleted) while being read: read the new version.
      if (!texts) continue;
      return {
        version: row.version,
        text: texts.join(''),
        updatedAt: row.updated_at.toISOString(),
        updatedBy: row.updated_by,
      };
    }
    throw new Error(`标注规则在读取时一再被替换（项目 ${projectId}）`);
  }

  private async partsOf(projectId: string, version: string, parts: number) {
    const texts: string[] = [];
    while (texts.length < parts) {
      await turn();
      const rows = await this.db
        .selectFrom('tagging_rule_parts')
        .select(['part', 'text'])
        .where('project_id', '=', projectId)
        .where('version', '=', version)
        .where('part', '>=', texts.length)
        .where('part', '<', texts.length + PARTS_PER_READ)
        .orderBy('part')
        .execute();
      for (const row of rows) {
        if (row.part !== texts.length) return undefined;
        texts.push(row.text);
      }
      if (rows.length === 0) return undefined;
    }
    return texts;
  }

  async replace(projectId: string, rules: TagRules, updatedBy: string | null): Promise<void> {
    await this.replaceText(projectId, JSON.stringify(rules), updatedBy);
  }

  /** Replaces the rules with `text`, the JSON of rules already validated; answers the version. */
  async replaceText(projectId: string, text: string, updatedBy: string | null): Promise<string> {
    // A row to lock from the first replacement on (no parts: no rules yet), so that each version
    // replaced is known to the one replacement that replaced it.
    await this.db
      .insertInto('tagging_rules')
      .values({ project_id: projectId, version: '', parts: 0, updated_by: null })
      .onConflict((conflict) => conflict.column('project_id').doNothing())
      .execute();
    const version = randomUUID();
    const parts = Math.max(1, Math.ceil(text.length / RULES_PART_CHARS));
    for (let part = 0; part < parts; part++) {
      await turn();
      const slice = text.slice(part * RULES_PART_CHARS, (part + 1) * RULES_PART_CHARS);
      await this.db
        .insertInto('tagging_rule_parts')
        .values({ project_id: projectId, version, part, text: slice })
        .execute();
    }
    await turn();
    const replaced = await this.db.transaction().execute(async (trx) => {
      const previous = await trx
        .selectFrom('tagging_rules')
        .select('version')
        .where('project_id', '=', projectId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('tagging_rules')
        .set({ version, parts, updated_by: updatedBy, updated_at: new Date() })
        .where('project_id', '=', projectId)
        .execute();
      return previous.version;
    });
    await turn();
    await this.db
      .deleteFrom('tagging_rule_parts')
      .where('project_id', '=', projectId)
      .where('version', '=', replaced)
      .execute();
    return version;
  }
}
