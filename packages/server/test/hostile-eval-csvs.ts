import { SENTIMENT_EVAL_MAX_BYTES, SENTIMENT_EVAL_MAX_ROWS } from '@yuqing/core';

/**
 * Evaluation CSVs (POST /posts/sentiment_eval) of up to `size` characters (the most allowed
 * unless given) that cost a reader the most, one too large, and a valid one of the most rows.
 */
export function hostileEvaluationCsvs(
  size = SENTIMENT_EVAL_MAX_BYTES,
): { name: string; body: { csv: string } }[] {
  const csv = (name: string, text: string) => ({ name, body: { csv: text } });
  return [
    csv('a quote never closed, then the rest', `文本,标签\n"${'x'.repeat(size - 16)}`),
    csv('a field of doubled quotes', `文本,标签\n"${'""'.repeat(size / 2 - 16)}",正面`),
    csv('a header of commas alone', `${','.repeat(size - 8)}\n`),
    csv('a row of commas alone', `文本,标签\n${','.repeat(size - 16)}`),
    csv('a text of the whole size', `文本,标签\n${'好'.repeat(Math.floor(size / 3) - 16)},正面`),
    csv('lines of one character', `文本,标签\n${'x\n'.repeat(size / 2 - 16)}`),
    csv('NUL and an unpaired surrogate', `文本,标签\n\u0000\ud800,正面`),
    csv('one byte more than allowed', `文本,标签\n${'x'.repeat(SENTIMENT_EVAL_MAX_BYTES)},正面`),
    csv(
      `${SENTIMENT_EVAL_MAX_ROWS} rows (1.9 MB), all valid`,
      `文本,标签\n${`${'续航不错但售后太差'.repeat(14)},负面\n`.repeat(SENTIMENT_EVAL_MAX_ROWS)}`,
    ),
    csv(
      '33 texts of the longest allowed (1.9 MB), all valid',
      `文本,标签\n${`${'续航不错但售后太差。'.repeat(2_000)},正面\n`.repeat(33)}`,
    ),
  ];
}
