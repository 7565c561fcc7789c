import { randomUUID } from 'node:crypto';
import type { PostFileFormat } from '@yuqing/core';
import type { ListedPost } from '../engine/listed-post.js';
import { ThreadCalls } from '../jobs/thread-calls.js';
import type { PostsFileContext, PostsFileHeading } from './posts-file.js';
import type { PostsFileCall } from './posts-file-thread.js';

/**
 * The thread posts files are written in. On the server's thread, parsing each post's document
 * and writing its row took most of an offline Excel's time (100,000 posts at 15,000 rows/s),
 * every other request waiting its turn in between; here the server's thread only reads the next
 * batch while this thread writes the one before.
 */
const postsFileThread = new ThreadCalls<PostsFileCall, number | null>(
  new URL('./posts-file-thread.ts', import.meta.url),
  { timeoutMs: 120_000, timeoutMessage: '导出文件写入超时，请缩小时间范围后重试', idleMs: 60_000 },
);

/**
 * `writePostsFile` of listed posts, in the posts file thread: each batch is parsed and written
 * there while the next is read. `onRows` hears the rows written after each batch; it may throw
 * to stop the file, which is then abandoned (the caller removes it).
 */
export async function writeListedPostsFile(
  format: PostFileFormat,
  path: string,
  batches: AsyncIterable<ListedPost[]>,
  heading: PostsFileHeading,
  { timeZone, labels }: PostsFileContext,
  onRows: (rows: number) => Promise<void> | void,
  options: { sheetRows?: number } = {},
): Promise<number> {
  const file = randomUUID();
  const opening = { format, path, heading, timeZone, labels: [...labels], ...options };
  await postsFileThread.call({ op: 'open', file, opening });
  let writing: Promise<number | null> | undefined;
  try {
    for await (const rows of batches) {
      if (writing) await onRows((await writing)!);
      writing = postsFileThread.call({ op: 'rows', file, rows });
      // Heard when awaited; a read that fails first leaves it unheard.
      writing.catch(() => undefined);
    }
    if (writing) await onRows((await writing)!);
    return (await postsFileThread.call({ op: 'end', file }))!;
  } catch (error) {
    await postsFileThread.call({ op: 'abandon', file }).catch(() => undefined);
    throw error;
  }
}
