import { MODEL_TYPES } from '../llm/chat.js';
import { z } from 'zod';
import { FIELD_LABELS } from '../posts/fields.js';
import { AGGREGATIONS } from '../posts/query.js';
import { project, subject } from '../project.js';
import { dashboard } from './dashboard.js';

/** `GET /project`: the project a member opens, with the dashboard to show (spec 7). */
export const projectDetail = z.object({
  aggs_type: z.array(
    z.object({
      value: z.enum(AGGREGATIONS),
      label: z.string(),
      options: z.array(z.string()),
    }),
  ),
  /** Chinese display names of the filter fields. */
  aggsFilterMap: z.record(z.string(), z.string()),
  project,
  projectID: z.string(),
  dashboard,
  /**
   * Which dashboard this is: a published `version` (null when nothing is published yet), or,
   * for `type=manage`, the draft and its `revision` (saving sends it back).
   */
  source: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('published'), version: z.number().int().nullable() }),
    z.object({ kind: z.literal('draft'), revision: z.number().int() }),
  ]),
  subject: subject.optional(),
  /** The language models the tagging tool's GPT mode may ask: those the server has configured. */
  models: z.array(z.enum(MODEL_TYPES)).default([]),
});
export type ProjectDetail = z.infer<typeof projectDetail>;

export const AGGS_FILTER_MAP: Record<string, string> = FIELD_LABELS;
