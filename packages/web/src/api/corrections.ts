import {
  CORRECTIONS_API,
  postCorrectionAnswer,
  sentimentEvaluation,
  type CorrectionField,
  type PostCorrectionAnswer,
  type PostCorrectionRequest,
  type SentimentEvaluation,
} from '@yuqing/core';
import { apiUrl, request } from './client';

/** `POST /posts/corrections`: a member sets a post's sentiment or clears its duplicate mark. */
export function correctPost(body: PostCorrectionRequest): Promise<PostCorrectionAnswer> {
  return request(CORRECTIONS_API.correct, postCorrectionAnswer, { method: 'POST', body });
}

/** Where the browser downloads the project's corrections of a field as a labelled CSV. */
export const correctionsCsvUrl = (field: CorrectionField = 'sentiment') =>
  apiUrl(CORRECTIONS_API.csv, { field });

/** `POST /posts/sentiment_eval`: the machine's answers on a labelled CSV (admins). */
export function evaluateSentimentCsv(csv: string): Promise<SentimentEvaluation> {
  return request(CORRECTIONS_API.evaluate, sentimentEvaluation, { method: 'POST', body: { csv } });
}

/** `GET /posts/sentiment_eval/corrected`: the same on a sample of the corrected posts (admins). */
export function evaluateCorrectedPosts(): Promise<SentimentEvaluation> {
  return request(CORRECTIONS_API.evaluateCorrected, sentimentEvaluation);
}
