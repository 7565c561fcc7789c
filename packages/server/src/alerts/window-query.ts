import { postQuery, type FilterChip, type PostQuery, type RuleQuery } from '@yuqing/core';

export interface TimeRange {
  start: number;
  end: number;
}

/** The rule's query narrowed by a condition's own chips (负面 posts, media levels). */
export const narrowed = (query: RuleQuery, ...chips: FilterChip[]): RuleQuery => ({
  ...query,
  filters: [...query.filters, ...chips],
});

export const chip = (field: FilterChip['field'], value: string[]): FilterChip => ({
  field,
  value,
  exclude: false,
  ignore: false,
});

/** A rule's saved query over a range, as the posts engine takes it. */
export const windowQuery = (query: RuleQuery, range: TimeRange): PostQuery =>
  postQuery.parse({ ...query, start: range.start, end: range.end });
