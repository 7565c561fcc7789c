import type { PostFileFormat } from '@yuqing/core';
import { postOfListed, type ListedPost } from '../engine/listed-post.js';
import { answerCalls } from '../jobs/thread-calls.js';
import { encodePostRows, rowContext } from './posts-file.js';

/** Posts as listed, to be made into a posts file's rows numbered from `firstRow`. */
export interface PostRowsCall {
  format: PostFileFormat;
  rows: ListedPost[];
  firstRow: number;
  timeZone: string;
  /** The project's value labels, as entries. */
  labels: [string, string][];
}

answerCalls(({ format, rows, firstRow, timeZone, labels }: PostRowsCall) =>
  encodePostRows(
    format,
    rows.map(postOfListed),
    firstRow,
    rowContext({ timeZone, labels: new Map(labels) }),
  ),
);
