import { DuckDBInstance } from '@duckdb/node-api';
import { SEGMENT_POSTS } from './grams.js';
import { addKgColumns, rebuildPairGrams, setEarlierPostsAside } from './migrations.js';
import { CREATE_POSTS, CREATE_POSTS_ID, CREATE_POST_GRAMS, CREATE_WORDS } from './schema.js';
import { openStagingDir } from './staging-dir.js';

/**
 * Opens (or creates) the posts database: its tables brought to the current schema, a writer and
 * `readers` reading connections in UTC, the word ids and the next post's pk.
 */
export async function openDatabase(options: {
  path: string;
  stagingDir: string;
  readers?: number;
  memoryLimitMb?: number;
}) {
  const instance = await DuckDBInstance.create(
    options.path,
    options.memoryLimitMb ? { memory_limit: `${options.memoryLimitMb}MB` } : {},
  );
  await openStagingDir(options.stagingDir);
  const connect = async () => {
    const connection = await instance.connect();
    await connection.run(`SET TimeZone = 'UTC'`);
    return connection;
  };
  const writer = await connect();
  await setEarlierPostsAside(writer);
  for (const create of [CREATE_POSTS, CREATE_POSTS_ID, CREATE_WORDS]) await writer.run(create);
  await addKgColumns(writer);
  await rebuildPairGrams(writer);
  await writer.run(CREATE_POST_GRAMS);
  const words = (await writer.runAndReadAll('SELECT id, word FROM words')).getRowObjectsJS();
  const wordIds = new Map(words.map((row) => [String(row.word), Number(row.id)]));
  // Replaced posts' pks may linger in post_grams, so no segment there may hold the next one.
  const [last] = (
    await writer.runAndReadAll(
      `SELECT greatest((SELECT max(pk) + 1 FROM posts),
        (SELECT max(base) + ${SEGMENT_POSTS} FROM post_grams))::DOUBLE AS next`,
    )
  ).getRowObjectsJS();
  const readers = await Promise.all(Array.from({ length: options.readers ?? 4 }, connect));
  return { instance, writer, readers, wordIds, nextPk: Number(last?.next ?? 0) };
}
