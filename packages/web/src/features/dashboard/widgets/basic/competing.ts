import {
  pathDepth,
  type Chart,
  type ChartRequest,
  type FilterField,
  type ListAnswer,
  type NameValue,
  type ValueType,
} from '@yuqing/core';
import { displayName } from '../displayName';
import { requestValueType, shareOf } from './request';

/** Brands sit under one root (`/品牌/星河汽车`), so the first level of brands is depth 2. */
export const DEFAULT_BRAND_LEVEL = 1;

export interface CompetingData {
  field: FilterField;
  /** The measure the bars show. */
  valueType: ValueType;
  /** The second measure shown beside it: engagement, or volume when the bars show engagement. */
  otherType: ValueType;
  rows: CompetingRow[];
}

export interface CompetingRow {
  path: string;
  name: string;
  value: number;
  /** Share of the listed total, in [0, 1]. */
  share: number;
  other: number | undefined;
}

/** The field a competing list groups: configured, else brands. */
export function competingField(chart: Chart): FilterField {
  return chart.innerRequest.field ?? 'brand_paths';
}

/**
 * The two `common_terms` requests of a competing list: the measure the bars show and a second one
 * (engagement, or volume when the bars already show engagement). With configured paths the
 * grouping is narrowed to posts of those paths, at their level, so each one is among the groups.
 */
export function competingRequests(
  request: ChartRequest,
  chart: Chart,
): { valueType: ValueType; otherType: ValueType; bodies: [ChartRequest, ChartRequest] } {
  const field = competingField(chart);
  const valueType = requestValueType(request, chart);
  const otherType: ValueType = valueType === 'engagement_num' ? 'volume' : 'engagement_num';
  const paths = chart.options.paths?.filter(Boolean) ?? [];
  const base: ChartRequest = { ...request, aggs: 'common_terms', field };
  if (paths.length > 0) {
    const filters = Array.isArray(request.filters) ? request.filters : [];
    Object.assign(base, {
      level: Math.max(pathDepth(paths[0]!) - 1, 0),
      size: 100,
      filters: [...filters, { field, value: paths, exclude: false, ignore: false }],
    });
  } else {
    base.level = chart.innerRequest.level ?? DEFAULT_BRAND_LEVEL;
    base.size = chart.innerRequest.size ?? 10;
  }
  return {
    valueType,
    otherType,
    bodies: [
      { ...base, value_type: valueType },
      { ...base, value_type: otherType },
    ],
  };
}

/**
 * Rows of a competing list: the configured paths in the order of their value (missing ones as 0),
 * or the groups as answered; each with its share of the listed total and the second measure.
 */
export function competingRows(
  primary: readonly NameValue[],
  secondary: readonly NameValue[] | undefined,
  paths?: readonly string[],
): CompetingRow[] {
  const values = new Map(primary.map((item) => [item.name, item.value]));
  const others = secondary && new Map(secondary.map((item) => [item.name, item.value]));
  const listed = paths?.length
    ? [...new Set(paths.filter(Boolean))]
        .map((path) => ({ name: path, value: values.get(path) ?? 0 }))
        .sort((a, b) => b.value - a.value)
    : primary;
  const total = listed.reduce((sum, item) => sum + item.value, 0);
  return listed.map((item) => ({
    path: item.name,
    name: displayName(item.name),
    value: item.value,
    share: shareOf(item.value, total),
    other: others ? (others.get(item.name) ?? 0) : undefined,
  }));
}

export function isCompetingEmpty(data: CompetingData): boolean {
  return data.rows.length === 0 || data.rows.every((row) => row.value === 0 && !row.other);
}

export type TermsAnswer = ListAnswer<NameValue>;
