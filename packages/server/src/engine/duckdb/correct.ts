import { DOUBLE, LIST, VARCHAR, listValue, type DuckDBConnection } from '@duckdb/node-api';
import type { Post } from '@yuqing/core';
import { correctedRow } from '../corrected-values.js';
import type { PostCorrectionValues } from '../types.js';
import { fromDoc } from './rows.js';

/**
 * Sets people's values on a batch of the project's posts (at most CORRECT_BATCH): reads them,
 * then one UPDATE of the rows that change (tendency, water_post and why, `doc`) from the values
 * unnested side by side, in a transaction. Answers the posts found as they were, and whether any
 * row was written. The caller holds the write lock.
 */
export async function correctBatch(
  writer: DuckDBConnection,
  projectId: string,
  corrections: readonly PostCorrectionValues[],
): Promise<{ before: Post[]; wrote: boolean }> {
  const byId = new Map(corrections.map((correction) => [correction._id, correction]));
  const read = await writer.runAndReadAll(
    `SELECT _id, doc, tendency, province, water_post, duplicate_of, duplicate_similarity FROM posts
     WHERE project_id = $1 AND _id IN (SELECT unnest($2))`,
    [projectId, listValue([...byId.keys()])],
    [VARCHAR, LIST(VARCHAR)],
  );
  const rows = read.getRowObjectsJS() as Record<string, unknown>[];
  const before: Post[] = [];
  const ids: string[] = [];
  const tendencies: string[] = [];
  const waterPosts: string[] = [];
  const duplicateOf: string[] = [];
  const similarities: number[] = [];
  const docs: string[] = [];
  for (const row of rows) {
    before.push(fromDoc(row));
    const corrected = correctedRow(
      {
        tendency: row.tendency as Post['tendency'],
        water_post: row.water_post as Post['water_post'],
        duplicate_of: String(row.duplicate_of ?? ''),
        duplicate_similarity: Number(row.duplicate_similarity ?? 0),
        doc: JSON.parse(String(row.doc)) as Record<string, unknown>,
      },
      byId.get(String(row._id))!,
    );
    if (!corrected.changed) continue;
    ids.push(String(row._id));
    tendencies.push(corrected.tendency);
    waterPosts.push(corrected.water_post);
    duplicateOf.push(corrected.duplicate_of);
    similarities.push(corrected.duplicate_similarity);
    docs.push(JSON.stringify(corrected.doc));
  }
  if (ids.length === 0) return { before, wrote: false };
  await writer.run('BEGIN TRANSACTION');
  try {
    await writer.run(
      `UPDATE posts SET tendency = batch.tendency, water_post = batch.water_post,
         duplicate_of = batch.duplicate_of, duplicate_similarity = batch.duplicate_similarity,
         doc = batch.doc
       FROM (SELECT unnest($2) AS _id, unnest($3) AS tendency, unnest($4) AS water_post,
                    unnest($5) AS duplicate_of, unnest($6) AS duplicate_similarity,
                    unnest($7) AS doc) AS batch
       WHERE posts.project_id = $1 AND posts._id = batch._id`,
      [
        projectId,
        ...[ids, tendencies, waterPosts, duplicateOf].map((list) => listValue(list)),
        listValue(similarities),
        listValue(docs),
      ],
      [
        VARCHAR,
        LIST(VARCHAR),
        LIST(VARCHAR),
        LIST(VARCHAR),
        LIST(VARCHAR),
        LIST(DOUBLE),
        LIST(VARCHAR),
      ],
    );
    await writer.run('COMMIT');
  } catch (error) {
    await writer.run('ROLLBACK');
    throw error;
  }
  return { before, wrote: true };
}
