import type { Post, PostFileFormat } from '@yuqing/core';
import { postOfListed, type ListedPost } from '../engine/listed-post.js';
import { answerCalls } from '../jobs/thread-calls.js';
import { writePostsFile, type PostsFileHeading } from './posts-file.js';

/** What a posts file is written as, and where (see `writeListedPostsFile`). */
export interface PostsFileOpening {
  format: PostFileFormat;
  path: string;
  heading: PostsFileHeading;
  timeZone: string;
  /** The project's value labels, as entries. */
  labels: [string, string][];
  sheetRows?: number;
}

/**
 * The calls of the posts file thread, each naming its file: open it, hand it a batch of listed
 * posts (answered with the rows written so far, once the batch is written), end it (answered
 * with its rows, once complete), or abandon it (answered once its writer has let go).
 */
export type PostsFileCall =
  | { op: 'open'; file: string; opening: PostsFileOpening }
  | { op: 'rows'; file: string; rows: ListedPost[] }
  | { op: 'end'; file: string }
  | { op: 'abandon'; file: string };

/** What the writer is given next: a batch, the end, or the word to stop. */
type Handed = { rows: ListedPost[] } | { end: true } | { abandon: true };

interface Handing {
  handed: Handed;
  taken: (rows: number) => void;
  failed: (error: unknown) => void;
}

/**
 * A file being written in this thread. Its writer pulls batches as a stream; each batch handed
 * to it is answered when the writer asks for the next one, that is once it is written.
 */
class OpenFile {
  /** The handing the writer works on. */
  private current: Handing | undefined;
  /** A handing made before the writer asked for it. */
  private waiting: Handing | undefined;
  /** The writer, waiting for its next handing. */
  private asking: ((handing: Handing) => void) | undefined;
  /** How the writer ended, once it has: nothing handed after is taken. */
  private ended: { error: unknown } | undefined;
  readonly written: Promise<number>;

  constructor({ format, path, heading, timeZone, labels, sheetRows }: PostsFileOpening) {
    this.written = writePostsFile(
      format,
      path,
      this.batches(),
      heading,
      { timeZone, labels: new Map(labels) },
      () => {},
      { sheetRows },
    );
    this.written.then(
      () => {
        this.ended = { error: new Error('文件已写完') };
      },
      (error: unknown) => {
        this.ended = { error };
        this.current?.failed(error);
        this.waiting?.failed(error);
      },
    );
  }

  private async *batches(): AsyncIterable<Post[]> {
    let rows = 0;
    for (;;) {
      // Asked for more: what was handed before is written.
      this.current?.taken(rows);
      const handing = await this.next();
      this.current = handing;
      if ('end' in handing.handed) return handing.taken(rows);
      if ('abandon' in handing.handed) throw new Error('导出已停止');
      rows += handing.handed.rows.length;
      yield handing.handed.rows.map(postOfListed);
    }
  }

  private next(): Promise<Handing> {
    const waiting = this.waiting;
    this.waiting = undefined;
    return waiting ? Promise.resolve(waiting) : new Promise((ask) => (this.asking = ask));
  }

  /** Hands the writer `handed`; answers the rows written once the writer asks for more. */
  hand(handed: Handed): Promise<number> {
    return new Promise((taken, failed) => {
      if (this.ended) return failed(this.ended.error);
      const handing = { handed, taken, failed };
      const asking = this.asking;
      this.asking = undefined;
      if (asking) asking(handing);
      else this.waiting = handing;
    });
  }
}

const files = new Map<string, OpenFile>();

answerCalls(async (call: PostsFileCall): Promise<number | null> => {
  if (call.op === 'open') {
    files.set(call.file, new OpenFile(call.opening));
    return null;
  }
  const file = files.get(call.file);
  if (!file) throw new Error(`posts file ${call.file} is not open`);
  if (call.op === 'rows') return file.hand({ rows: call.rows });
  files.delete(call.file);
  if (call.op === 'end') {
    await file.hand({ end: true });
    return file.written;
  }
  await file.hand({ abandon: true }).catch(() => undefined);
  await file.written.catch(() => undefined);
  return null;
});
