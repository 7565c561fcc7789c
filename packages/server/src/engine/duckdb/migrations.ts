import type { DuckDBConnection } from '@duckdb/node-api';
import type { PostsEngine, StoredPost } from '../types.js';
import { SEGMENT_POSTS, SegmentBuilder } from './grams.js';
import { appendSegment } from './post-grams-table.js';
import { CREATE_POST_GRAMS, DUPLICATE_COLUMNS, KG_COLUMNS } from './schema.js';

type Row = Record<string, unknown>;

/** The posts table of a database written before post_grams, while its posts move. */
const EARLIER_POSTS = 'posts_before_grams';

/** A post of EARLIER_POSTS: its columns, less the derived ones, and its `extra` document. */
function earlierPost(row: Row): StoredPost {
  const post: Row =
    typeof row.extra === 'string' ? (JSON.parse(row.extra) as Row) : { ...(row.extra as Row) };
  for (const [key, value] of Object.entries(row)) {
    if (key === 'extra' || key === 'project_id' || key === 'search_text' || /^g\d+$/.test(key))
      continue;
    post[key] = typeof value === 'bigint' ? Number(value) : value;
  }
  if (post.rel === null) delete post.rel;
  return post as unknown as StoredPost;
}

/**
 * A database written before post_grams keeps its posts with an `extra` column: the table is
 * renamed to EARLIER_POSTS before the current one is made, its posts moved in after open.
 */
export async function setEarlierPostsAside(writer: DuckDBConnection): Promise<void> {
  const columns = await writer.runAndReadAll(
    `SELECT column_name FROM information_schema.columns WHERE table_name = 'posts'`,
  );
  const earlier = columns.getRowObjectsJS().some((row) => row.column_name === 'extra');
  if (earlier) await writer.run(`ALTER TABLE posts RENAME TO ${EARLIER_POSTS}`);
}

/**
 * Moves the posts of a database written before post_grams (table renamed to EARLIER_POSTS) in
 * through the engine's imports, project by project; an interrupted move starts again at the next
 * open.
 */
export async function moveEarlierPosts(writer: DuckDBConnection, engine: PostsEngine) {
  const tables = await writer.runAndReadAll(
    `SELECT table_name FROM information_schema.tables WHERE table_name = '${EARLIER_POSTS}'`,
  );
  if (tables.getRowObjectsJS().length === 0) return;
  const projects = await writer.runAndReadAll(`SELECT DISTINCT project_id FROM ${EARLIER_POSTS}`);
  for (const { project_id: projectId } of projects.getRowObjectsJS()) {
    const scope = { projectId: String(projectId), timeZone: 'UTC' };
    await engine.deleteProject(scope.projectId);
    const session = await engine.openImport(scope);
    for (let offset = 0; ; offset += 20_000) {
      const rows = await writer.runAndReadAll(
        `SELECT * FROM ${EARLIER_POSTS} WHERE project_id = $1 ORDER BY rowid LIMIT 20000 OFFSET ${offset}`,
        [scope.projectId],
      );
      const posts = rows.getRowObjectsJS().map(earlierPost);
      if (posts.length === 0) break;
      await session.add(posts);
    }
    await session.commit();
  }
  await writer.run(`DROP TABLE ${EARLIER_POSTS}`);
}

/**
 * Rebuilds a bigram index of (gram, pk) pairs, as databases before segments held, into segments
 * from the posts' search text: in a table of its own, which replaces the old one at once, so an
 * interrupted rebuild starts again at the next open.
 */
export async function rebuildPairGrams(writer: DuckDBConnection): Promise<void> {
  const columns = await writer.runAndReadAll(
    `SELECT 1 FROM information_schema.columns WHERE table_name = 'post_grams' AND column_name = 'pk'`,
  );
  if (columns.getRows().length === 0) return;
  const rebuilt = 'post_grams_segments';
  await writer.run(`DROP TABLE IF EXISTS ${rebuilt}`);
  await writer.run(CREATE_POST_GRAMS.replace('post_grams', rebuilt));
  const projects = await writer.runAndReadAll('SELECT DISTINCT project_id FROM posts');
  for (const [projectId] of projects.getRows()) {
    // A segment per SEGMENT_POSTS consecutive pks that posts hold.
    for (let from = 0; ;) {
      const rows = await writer.runAndReadAll(
        `SELECT pk, search_text FROM posts WHERE project_id = $1 AND pk >= ${from}
         ORDER BY pk LIMIT ${SEGMENT_POSTS}`,
        [String(projectId)],
      );
      const posts = rows.getRows();
      if (posts.length === 0) break;
      const base = Math.floor(Number(posts[0]![0]) / SEGMENT_POSTS) * SEGMENT_POSTS;
      from = base + SEGMENT_POSTS;
      const segment = new SegmentBuilder();
      for (const [pk, text] of posts) {
        if (Number(pk) >= base + SEGMENT_POSTS) break;
        segment.add(Number(pk) - base, String(text));
      }
      await appendSegment(writer, rebuilt, String(projectId), base, segment.build());
    }
  }
  await writer.run('BEGIN TRANSACTION');
  await writer.run('DROP TABLE post_grams');
  await writer.run(`ALTER TABLE ${rebuilt} RENAME TO post_grams`);
  await writer.run('COMMIT');
}

/**
 * A posts table written before kg_infos' columns (or near duplicates' key and reason) gains them,
 * every post's empty.
 */
export async function addKgColumns(writer: DuckDBConnection): Promise<void> {
  for (const [name, type] of [...KG_COLUMNS, ...DUPLICATE_COLUMNS]) {
    await writer.run(`ALTER TABLE posts ADD COLUMN IF NOT EXISTS "${name}" ${type}`);
  }
}
