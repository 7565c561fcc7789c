import type { CorrectionMarks, Post } from '@yuqing/core';
import type { PostCorrectionValues } from './types.js';

/** Posts an engine reads and writes at once when setting corrections. */
export const CORRECT_BATCH = 2_000;

/** A stored post's values that corrections set, and its document (the post as listed). */
export interface CorrectableRow {
  tendency: Post['tendency'];
  water_post: Post['water_post'];
  /** Why water_post is YES: the post it repeats ('' for none), and how close they are. */
  duplicate_of: string;
  duplicate_similarity: number;
  doc: Record<string, unknown>;
}

const sameMark = (a?: { by: string; at: string }, b?: { by: string; at: string }) =>
  a?.by === b?.by && a?.at === b?.at;

function sameMarks(a: unknown, b: CorrectionMarks): boolean {
  const stored = (typeof a === 'object' && a !== null ? a : {}) as CorrectionMarks;
  return sameMark(stored.sentiment, b.sentiment) && sameMark(stored.duplicate, b.duplicate);
}

/** `corrected` as a post carries it: only the fields set, and none when no field is. */
function listedMarks(marks: CorrectionMarks): CorrectionMarks | undefined {
  const listed: CorrectionMarks = {};
  if (marks.sentiment) listed.sentiment = { by: marks.sentiment.by, at: marks.sentiment.at };
  if (marks.duplicate) listed.duplicate = { by: marks.duplicate.by, at: marks.duplicate.at };
  return listed.sentiment || listed.duplicate ? listed : undefined;
}

/**
 * A stored post with a person's values set (the same in every engine): the tendency in its column
 * and in the document, water_post NO (and no post it repeats) when the duplicate mark was
 * cleared, and the marks as the document's `corrected`. `changed` is false when the row holds
 * them already.
 */
export function correctedRow(
  row: CorrectableRow,
  correction: PostCorrectionValues,
): CorrectableRow & { changed: boolean } {
  const tendency = correction.tendency ?? row.tendency;
  const water_post = correction.notDuplicate ? 'NO' : row.water_post;
  const duplicate_of = correction.notDuplicate ? '' : row.duplicate_of;
  const duplicate_similarity = correction.notDuplicate ? 0 : row.duplicate_similarity;
  const marks = listedMarks(correction.marks);
  const changed =
    tendency !== row.tendency ||
    water_post !== row.water_post ||
    duplicate_of !== row.duplicate_of ||
    duplicate_similarity !== row.duplicate_similarity ||
    row.doc.tendency !== tendency ||
    !sameMarks(row.doc.corrected, correction.marks) ||
    (marks === undefined && 'corrected' in row.doc);
  const doc: Record<string, unknown> = { ...row.doc, tendency };
  if (marks) doc.corrected = marks;
  else delete doc.corrected;
  return { tendency, water_post, duplicate_of, duplicate_similarity, doc, changed };
}
