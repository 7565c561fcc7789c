import { LIST, VARCHAR, listValue, type DuckDBConnection } from '@duckdb/node-api';
import { KG_PATH_FIELDS, KG_TERM_FIELDS } from '@yuqing/core';
import type { PostTagValues, RetagBatch } from '../types.js';
import { LISTED_COLUMNS, fromDoc } from './rows.js';
import { columnName } from './schema.js';

/** Posts a re-tag reads and updates at once. */
export const RETAG_BATCH = 2_000;

const kgKey = (field: string) => field.slice('kg_infos.'.length) as keyof PostTagValues['kg_infos'];

/**
 * Re-tags the project's next batch of posts after `after` in `_id` order: one UPDATE from the
 * batch's new values unnested side by side, in a transaction. Answers undefined past the last.
 */
export async function retagNextBatch(
  writer: DuckDBConnection,
  projectId: string,
  after: string,
  tag: (post: ReturnType<typeof fromDoc>) => PostTagValues,
): Promise<RetagBatch | undefined> {
  const read = await writer.runAndReadAll(
    `SELECT _id, ${LISTED_COLUMNS} FROM posts
     WHERE project_id = $1 AND _id > $2 ORDER BY _id LIMIT ${RETAG_BATCH}`,
    [projectId, after],
  );
  const rows = read.getRowObjectsJS() as Record<string, unknown>[];
  if (rows.length === 0) return undefined;
  const ids: string[] = [];
  const docs: string[] = [];
  const tags: PostTagValues[] = [];
  for (const row of rows) {
    const values = tag(fromDoc(row));
    const doc = JSON.parse(String(row.doc)) as Record<string, unknown>;
    ids.push(String(row._id));
    docs.push(JSON.stringify({ ...doc, ...values }));
    tags.push(values);
  }
  const columns = [
    ...KG_TERM_FIELDS.map((field, i) => ({
      name: columnName(field),
      value: listValue(tags.map((values) => values.kg_infos[kgKey(field)] as string)),
      type: LIST(VARCHAR),
      param: 4 + i,
    })),
    ...KG_PATH_FIELDS.map((field, i) => ({
      name: columnName(field),
      value: listValue(tags.map((values) => listValue(values.kg_infos[kgKey(field)] as string[]))),
      type: LIST(LIST(VARCHAR)),
      param: 4 + KG_TERM_FIELDS.length + i,
    })),
  ];
  const staged = columns.map(({ name, param }) => `unnest($${param}) AS "${name}"`).join(', ');
  await writer.run('BEGIN TRANSACTION');
  try {
    await writer.run(
      `UPDATE posts SET doc = batch.doc, ${columns.map(({ name }) => `"${name}" = batch."${name}"`).join(', ')}
       FROM (SELECT unnest($2) AS _id, unnest($3) AS doc, ${staged}) AS batch
       WHERE posts.project_id = $1 AND posts._id = batch._id`,
      [projectId, listValue(ids), listValue(docs), ...columns.map(({ value }) => value)],
      [VARCHAR, LIST(VARCHAR), LIST(VARCHAR), ...columns.map(({ type }) => type)],
    );
    await writer.run('COMMIT');
  } catch (error) {
    await writer.run('ROLLBACK');
    throw error;
  }
  return { lastId: ids.at(-1)!, posts: ids.length };
}
