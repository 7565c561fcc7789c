import type { TagRules } from '@yuqing/core';
import { useChineseValidationMessages } from '../http/validation-messages.js';
import { answerCalls } from '../jobs/thread-calls.js';
import { readRulesCsv, writeRulesCsv } from './rules-csv.js';

/** A call of the rules CSV thread (see `readRulesCsvOffThread`): rules travel as JSON text. */
export type RulesCsvCall = { op: 'read'; csv: string } | { op: 'write'; json: string };
export type RulesCsvAnswer = ReadRulesCsv | Uint8Array;

/** Rules read from CSV: their JSON, and how many there are of each kind. */
export interface ReadRulesCsv {
  json: string;
  counts: Record<keyof TagRules, number>;
}

// zod's messages are configured per thread: the same Chinese ones as the server's own thread.
useChineseValidationMessages();

answerCalls((call: RulesCsvCall): RulesCsvAnswer => {
  // Written as UTF-8 here: encoding megabytes of text would hold the server's thread.
  if (call.op === 'write') return Buffer.from(writeRulesCsv(JSON.parse(call.json) as TagRules));
  const rules = readRulesCsv(call.csv);
  const counts = Object.fromEntries(
    Object.entries(rules).map(([kind, list]) => [kind, list.length]),
  ) as ReadRulesCsv['counts'];
  return { json: JSON.stringify(rules), counts };
});
