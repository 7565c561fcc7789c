import { z } from 'zod';
import { SENTIMENTS } from '../constants.js';
import type { Post } from './post.js';

/**
 * Corrections (issue 25): a project member changes what the machine decided about a post, its
 * sentiment (修改倾向) or its near-duplicate mark (清除重复标记). The server keeps each correction
 * (who, when, from what) and sets the value on the stored post, so every widget counts it; a
 * re-import of the same `_id` and a re-tag keep it. A post as listed names what a person set in
 * `corrected`.
 *
 * The sentiment evaluation (数据管理): the machine's answers on a labelled CSV, or on a sample of
 * the project's corrected posts, against a person's labels.
 */
export const CORRECTIONS_API = {
  /** POST: correct one post (members). */
  correct: '/posts/corrections',
  /** GET: the project's sentiment corrections as a labelled CSV (project admins). */
  csv: '/posts/corrections/csv',
  /** POST `{ csv }`: evaluate the sentiment model on a labelled CSV (project admins). */
  evaluate: '/posts/sentiment_eval',
  /** POST: evaluate it on a sample of the project's corrected posts (project admins). */
  evaluateCorrected: '/posts/sentiment_eval/corrected',
} as const;

export const CORRECTION_FIELDS = ['sentiment', 'duplicate'] as const;
export type CorrectionField = (typeof CORRECTION_FIELDS)[number];

export const CORRECTION_FIELD_LABELS: Record<CorrectionField, string> = {
  sentiment: '情感倾向',
  duplicate: '重复标记',
};

/** Who set a value by hand (their username) and when (ISO time). */
export const correctionMark = z.object({ by: z.string(), at: z.string() });
export type CorrectionMark = z.infer<typeof correctionMark>;

/** What a person set on a post, by field; a post as listed carries it as `corrected`. */
export const correctionMarks = z.object({
  sentiment: correctionMark.optional(),
  duplicate: correctionMark.optional(),
});
export type CorrectionMarks = z.infer<typeof correctionMarks>;

/**
 * The person-set values of a post as listed, if any. Imports never carry `corrected` (the post
 * schema drops it): only the server writes it.
 */
export function correctionMarksOf(post: Post): CorrectionMarks | undefined {
  const parsed = correctionMarks.safeParse((post as { corrected?: unknown }).corrected);
  if (!parsed.success) return undefined;
  return parsed.data.sentiment || parsed.data.duplicate ? parsed.data : undefined;
}

const postId = z.string().min(1, '请指定帖子').max(256);

/** `POST /posts/corrections`: a sentiment a person chose, or the duplicate mark cleared. */
export const postCorrectionRequest = z.discriminatedUnion('field', [
  z.object({ _id: postId, field: z.literal('sentiment'), value: z.enum(SENTIMENTS) }),
  z.object({ _id: postId, field: z.literal('duplicate') }),
]);
export type PostCorrectionRequest = z.infer<typeof postCorrectionRequest>;

/** One stored correction: what the machine had said, what the person set, who and when. */
export const postCorrection = z.object({
  postId: z.string(),
  field: z.enum(CORRECTION_FIELDS),
  /** The machine's value when the post was first corrected: a sentiment, or YES/NO (duplicate). */
  machineValue: z.string(),
  /** The person's value: a sentiment, or NO (not a duplicate). */
  personValue: z.string(),
  by: z.string(),
  at: z.string(),
});
export type PostCorrection = z.infer<typeof postCorrection>;

/** The answer of a correction: it, and the post's values as every widget now counts them. */
export const postCorrectionAnswer = z.object({
  correction: postCorrection,
  post: z.object({
    _id: z.string(),
    tendency: z.enum(SENTIMENTS).or(z.literal('')),
    water_post: z.enum(['YES', 'NO']),
    corrected: correctionMarks,
  }),
});
export type PostCorrectionAnswer = z.infer<typeof postCorrectionAnswer>;

// The sentiment evaluation.

/** The most bytes (UTF-8) of an uploaded evaluation CSV. */
export const SENTIMENT_EVAL_MAX_BYTES = 2 * 1024 * 1024;
/** The most rows (after the header) of an uploaded evaluation CSV. */
export const SENTIMENT_EVAL_MAX_ROWS = 5_000;
/** The most characters of one text to evaluate. */
export const SENTIMENT_EVAL_MAX_TEXT = 20_000;
/** The most corrected posts one evaluation of the project's corrections reads (a sample). */
export const SENTIMENT_EVAL_SAMPLE = 1_000;
/** The most wrong rows an evaluation lists (all are counted). */
export const SENTIMENT_EVAL_LISTED_WRONG = 500;

/** Header names of the evaluation CSV's two columns (case and spaces ignored). */
export const SENTIMENT_EVAL_TEXT_COLUMNS = ['文本', 'text'] as const;
export const SENTIMENT_EVAL_LABEL_COLUMNS = ['标签', 'label'] as const;

export const sentimentEvalRequest = z.object({
  csv: z
    .string()
    .min(1, '请选择 CSV 文件')
    .max(SENTIMENT_EVAL_MAX_BYTES, `文件不能超过 ${SENTIMENT_EVAL_MAX_BYTES / 1024 / 1024} MB`),
});
export type SentimentEvalRequest = z.infer<typeof sentimentEvalRequest>;

const share = z.number().min(0).max(1);

/** One row the machine got wrong: its CSV line or its post, the text, the label and the answer. */
export const sentimentEvalRow = z.object({
  line: z.number().int().optional(),
  postId: z.string().optional(),
  text: z.string(),
  label: z.enum(SENTIMENTS),
  predicted: z.enum(SENTIMENTS),
});
export type SentimentEvalRow = z.infer<typeof sentimentEvalRow>;

/** How the machine's sentiment answers compare with a person's labels. */
export const sentimentEvaluation = z.object({
  source: z.enum(['upload', 'corrections']),
  /** Rows evaluated. */
  total: z.number().int(),
  /** Rows the machine answered as labelled. */
  correct: z.number().int(),
  /** correct / total; null without rows. */
  accuracy: share.nullable(),
  /**
   * The mean of the recalls of 正面 and 负面 (a 中性 answer to either counts wrong), over those of
   * the two that have labelled rows; null when neither has.
   */
  balancedAccuracy: share.nullable(),
  /** The share of rows the machine called 中性; null without rows. */
  neutralShare: share.nullable(),
  /** Per label: the share of its rows the machine answered so; null when none is so labelled. */
  recall: z.record(z.enum(SENTIMENTS), share.nullable()),
  /** Rows: the person's label; columns: the machine's answer. */
  confusion: z.record(z.enum(SENTIMENTS), z.record(z.enum(SENTIMENTS), z.number().int())),
  /** The first SENTIMENT_EVAL_LISTED_WRONG rows the machine got wrong, in order. */
  wrong: z.array(sentimentEvalRow),
  /** How many the machine got wrong in all. */
  wrongTotal: z.number().int(),
});
export type SentimentEvaluation = z.infer<typeof sentimentEvaluation>;

/**
 * The evaluation of labelled rows with the machine's answers: accuracy, balanced accuracy (the
 * mean recall of 正面 and 负面), the share called 中性, the confusion table and the wrong rows.
 */
export function sentimentEvaluationOf(
  source: SentimentEvaluation['source'],
  rows: readonly SentimentEvalRow[],
): SentimentEvaluation {
  const confusion = Object.fromEntries(
    SENTIMENTS.map((label) => [label, Object.fromEntries(SENTIMENTS.map((p) => [p, 0]))]),
  ) as SentimentEvaluation['confusion'];
  const wrong: SentimentEvalRow[] = [];
  let correct = 0;
  let wrongTotal = 0;
  let neutral = 0;
  for (const row of rows) {
    confusion[row.label][row.predicted] += 1;
    if (row.predicted === '中性') neutral += 1;
    if (row.label === row.predicted) correct += 1;
    else {
      wrongTotal += 1;
      if (wrong.length < SENTIMENT_EVAL_LISTED_WRONG) wrong.push(row);
    }
  }
  const recall = Object.fromEntries(
    SENTIMENTS.map((label) => {
      const labelled = SENTIMENTS.reduce((sum, p) => sum + confusion[label][p], 0);
      return [label, labelled === 0 ? null : confusion[label][label] / labelled];
    }),
  ) as SentimentEvaluation['recall'];
  const polar = [recall['正面'], recall['负面']].filter((value) => value !== null);
  const total = rows.length;
  return {
    source,
    total,
    correct,
    accuracy: total === 0 ? null : correct / total,
    balancedAccuracy:
      polar.length === 0 ? null : polar.reduce((sum, value) => sum + value, 0) / polar.length,
    neutralShare: total === 0 ? null : neutral / total,
    recall,
    confusion,
    wrong,
    wrongTotal,
  };
}
