import { z } from 'zod';

/** What a line of the rules' CSV holds: one rule of one kind. */
export const TAG_RULE_KINDS = [
  'brand',
  'category',
  'product',
  'topic',
  'sentiment',
  'negation',
  'relation',
] as const;
export type TagRuleKind = (typeof TAG_RULE_KINDS)[number];

/**
 * The columns of the rules' CSV, in order. `words` holds aliases or topic words separated by `|`;
 * a kind leaves the columns it does not use empty.
 */
export const TAG_RULE_CSV_COLUMNS = [
  'kind',
  'name',
  'path',
  'brand',
  'category',
  'type',
  'product',
  'topic',
  'emotion',
  'words',
  'weight',
] as const;
export const TAG_RULE_WORD_SEPARATOR = '|';

const cell = z.string().max(20_000).default('');

/** One CSV line as read, before it becomes a rule of its kind. */
export const tagRuleCsvRow = z.object({
  kind: z.enum(TAG_RULE_KINDS, `必须是 ${TAG_RULE_KINDS.join('、')} 之一`),
  name: cell,
  path: cell,
  brand: cell,
  category: cell,
  type: cell,
  product: cell,
  topic: cell,
  emotion: cell,
  words: cell,
  weight: cell,
});
export type TagRuleCsvRow = z.infer<typeof tagRuleCsvRow>;

/** At most 8 million characters of CSV in one import. */
export const TAG_RULES_CSV_MAX_CHARS = 8_000_000;

export const importTagRulesRequest = z.object({
  csv: z
    .string()
    .min(1, '请选择 CSV 文件')
    .max(TAG_RULES_CSV_MAX_CHARS, '文件不能超过 800 万个字符'),
});
export type ImportTagRulesRequest = z.infer<typeof importTagRulesRequest>;
