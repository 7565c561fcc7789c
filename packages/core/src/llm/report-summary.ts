import { z } from 'zod';
import { briefSource } from './brief.js';

/**
 * `POST /ai_report/summary` answers the language model's brief of the AI report's numbers under a
 * query (core `postQuery`), or null when no model is configured or there is nothing to summarise:
 * the page then keeps its rule-based text. The brief cites its sources as [n]; sentences that
 * stated numbers the model was not given were dropped (`dropped` counts them). `insufficient`:
 * the period had too few posts, and the brief says so instead of asking the model.
 */
export const modelReportSummary = z
  .object({
    lines: z.array(z.string()),
    sources: z.array(briefSource),
    dropped: z.number().int().min(0),
    insufficient: z.boolean(),
  })
  .nullable();
export type ModelReportSummary = z.infer<typeof modelReportSummary>;
