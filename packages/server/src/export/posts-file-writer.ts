import { availableParallelism } from 'node:os';
import type { PostFileFormat } from '@yuqing/core';
import type { ListedPost } from '../engine/listed-post.js';
import { ThreadCalls } from '../jobs/thread-calls.js';
import {
  writeEncodedPostsFile,
  type PostsFileContext,
  type PostsFileHeading,
} from './posts-file.js';
import type { PostRowsCall } from './post-rows-thread.js';

/**
 * The threads a posts file's rows are made in: two, or one per core but one up to four. On the
 * server's thread, parsing each post's document and making its row took most of an offline
 * Excel's time (100,000 posts at 15,000 rows/s), every other request waiting its turn in
 * between; the server's thread now reads the posts and writes the rows made, in order. Each
 * thread holds about 60 MB while it lives (its own heap and TypeScript loader), and ends after a
 * minute without work.
 */
const rowThreads = Array.from(
  { length: Math.min(4, Math.max(2, availableParallelism() - 1)) },
  () =>
    new ThreadCalls<PostRowsCall, Uint8Array>(new URL('./post-rows-thread.ts', import.meta.url), {
      timeoutMs: 120_000,
      timeoutMessage: '导出文件写入超时，请缩小时间范围后重试',
      idleMs: 60_000,
    }),
);
let nextThread = 0;

/**
 * `writePostsFile` of posts as listed: each batch's rows are made in one of the row threads,
 * several batches at once, and written in order. `onRows` hears the rows written after each
 * batch; it may throw to stop the file (the caller removes it).
 */
export function writeListedPostsFile(
  format: PostFileFormat,
  path: string,
  batches: AsyncIterable<ListedPost[]>,
  heading: PostsFileHeading,
  { timeZone, labels }: PostsFileContext,
  onRows: (rows: number) => Promise<void> | void,
  options: { sheetRows?: number } = {},
): Promise<number> {
  const entries = [...labels];
  const encode = (rows: ListedPost[], firstRow: number) => {
    const thread = rowThreads[nextThread++ % rowThreads.length]!;
    return thread.call({ format, rows, firstRow, timeZone, labels: entries });
  };
  return writeEncodedPostsFile(format, path, batches, heading, encode, onRows, {
    ...options,
    ahead: 2 * rowThreads.length,
  });
}
