import { z } from 'zod';

/**
 * `POST /ai_report/summary` answers the language model's summary of the AI report's numbers
 * under a query (core `postQuery`), or null when no model is configured or there is nothing to
 * summarise: the page then keeps its rule-based text.
 */
export const modelReportSummary = z.object({ lines: z.array(z.string()) }).nullable();
export type ModelReportSummary = z.infer<typeof modelReportSummary>;
