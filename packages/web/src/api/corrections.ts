import {
  CORRECTION_CALLS,
  type CorrectionField,
  type PostCorrectionAnswer,
  type PostCorrectionRequest,
  type SentimentEvaluation,
} from '@yuqing/core';
import { call, callUrl } from './call';

/** `POST /posts/corrections`: a member sets a post's sentiment or clears its duplicate mark. */
export function correctPost(body: PostCorrectionRequest): Promise<PostCorrectionAnswer> {
  return call(CORRECTION_CALLS.correct, { body });
}

/** Where the browser downloads the project's corrections of a field as a labelled CSV. */
export const correctionsCsvUrl = (field: CorrectionField = 'sentiment') =>
  callUrl(CORRECTION_CALLS.csv, { query: { field } });

/** `POST /posts/sentiment_eval`: the machine's answers on a labelled CSV (admins). */
export function evaluateSentimentCsv(csv: string): Promise<SentimentEvaluation> {
  return call(CORRECTION_CALLS.evaluate, { body: { csv } });
}

/** `GET /posts/sentiment_eval/corrected`: the same on a sample of the corrected posts (admins). */
export function evaluateCorrectedPosts(): Promise<SentimentEvaluation> {
  return call(CORRECTION_CALLS.evaluateCorrected);
}
