import { z } from 'zod';
import { defineCall } from '../calls/call.js';
import { projectScope } from '../location.js';
import {
  CORRECTIONS_API,
  CORRECTION_FIELDS,
  SENTIMENT_EVAL_SAMPLE,
  postCorrectionAnswer,
  postCorrectionRequest,
  sentimentEvalRequest,
  sentimentEvaluation,
} from './corrections.js';

const tags = ['posts'];

/**
 * Corrections of posts and the sentiment evaluation (issue 25). Any member of the project (the
 * spec's analysts, role viewer, and its admins) corrects a post's sentiment or clears its duplicate
 * mark; project admins export the corrections and evaluate the machine (数据管理).
 */
export const CORRECTION_CALLS = {
  correct: defineCall({
    method: 'POST',
    path: CORRECTIONS_API.correct,
    access: 'project-member',
    summary: "Corrects a post's sentiment, or clears its duplicate mark (members)",
    description:
      'Stored with who and when, and set on the stored post at once, so every widget counts ' +
      'it; it survives a re-import of the post and a re-tag.',
    tags,
    query: projectScope,
    body: postCorrectionRequest,
    answer: postCorrectionAnswer,
  }),
  /** Answers a file. */
  csv: defineCall({
    method: 'GET',
    path: CORRECTIONS_API.csv,
    access: 'project-admin',
    summary: "The project's corrections as a labelled CSV file (project admins)",
    description:
      'Columns 文本, 标签, 帖子ID, 机器判断, 修改人, 修改时间; the sentiment corrections unless ' +
      '`field=duplicate`. Cells a spreadsheet would run as formulas start with an apostrophe.',
    tags,
    query: projectScope.extend({
      field: z.enum(CORRECTION_FIELDS).default('sentiment'),
    }),
  }),
  evaluate: defineCall({
    method: 'POST',
    path: CORRECTIONS_API.evaluate,
    access: 'project-admin',
    summary: 'Evaluates the sentiment model on a labelled CSV (project admins)',
    description:
      'The CSV (UTF-8, with or without BOM): a header naming 文本 (text) and 标签 (label), then ' +
      'a text and its label 正面, 中性 or 负面 per row. A bad row is a 400 naming its line.',
    tags,
    query: projectScope,
    body: sentimentEvalRequest,
    answer: sentimentEvaluation,
  }),
  evaluateCorrected: defineCall({
    method: 'GET',
    path: CORRECTIONS_API.evaluateCorrected,
    access: 'project-admin',
    summary: "Evaluates the sentiment model on the project's corrected posts (project admins)",
    description: `A sample of at most ${SENTIMENT_EVAL_SAMPLE} sentiment corrections: the machine's answer on each post's text against the person's label.`,
    tags,
    query: projectScope,
    answer: sentimentEvaluation,
  }),
};
