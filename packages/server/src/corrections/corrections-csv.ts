import { stringify } from 'csv-stringify/sync';
import { formatPostTime, type CorrectionField } from '@yuqing/core';
import { neutralised } from '../export/posts-file.js';
import type { Store, StoredCorrection } from '../store/index.js';

const BOM = '\uFEFF';
/** Corrections read from the store at once. */
const PAGE = 1_000;

/** The labelled CSV's columns: 文本 and 标签 first, as the sentiment evaluation reads them. */
export const CORRECTIONS_CSV_HEADER = ['文本', '标签', '帖子ID', '机器判断', '修改人', '修改时间'];

/**
 * A text cell as a spreadsheet may open it: what it would run as a formula gets an apostrophe
 * in front (the posts export's `neutralised`), and so does text starting with an apostrophe, so
 * the evaluation's reading drops exactly the one added.
 */
const cell = (text: string) => (text.startsWith("'") ? `'${text}` : String(neutralised(text)));

const labelOf = (field: CorrectionField, value: string) =>
  field === 'sentiment' ? value : value === 'NO' ? '非重复' : '重复';

function linesOf(corrections: readonly StoredCorrection[], timeZone: string): string {
  return stringify(
    corrections.map((correction) => [
      cell(correction.postText),
      labelOf(correction.field, correction.personValue),
      cell(correction.postId),
      labelOf(correction.field, correction.machineValue),
      cell(correction.by),
      formatPostTime(Date.parse(correction.at), timeZone),
    ]),
  );
}

/**
 * A project's corrections of a field as a labelled CSV (UTF-8 with the BOM Excel needs), oldest
 * first, read from the store a page at a time: the text the machine classified, the person's
 * label, the post, the machine's value, who and when (in the project's zone).
 */
export async function* correctionsCsv(
  store: Store,
  projectId: string,
  field: CorrectionField,
  timeZone: string,
): AsyncGenerator<string> {
  yield BOM + stringify([CORRECTIONS_CSV_HEADER]);
  let after: { at: string; postId: string } | undefined;
  for (;;) {
    const page = await store.postCorrections.page(projectId, field, after, PAGE);
    if (page.length === 0) return;
    yield linesOf(page, timeZone);
    const last = page.at(-1)!;
    after = { at: last.at, postId: last.postId };
  }
}
