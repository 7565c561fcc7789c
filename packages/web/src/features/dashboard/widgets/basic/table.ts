import {
  FIELD_LABELS,
  VALUE_TYPE_LABELS,
  type Chart,
  type NumberFormat,
  type TableData,
} from '@yuqing/core';
import { displayName } from '../displayName';
import { formatValue } from '../numberStyle';

/** Spec 9: a table page holds 20 rows unless configured. */
export const DEFAULT_PAGE_SIZE = 20;

export interface TableRow {
  key: string;
  rank: number;
  /** The value a click filters by (a full path for path fields). */
  name: string;
  /** What the cell shows (a path's last segment). */
  label: string;
  value: string;
  /** Authors and media only: the engagement sum. */
  engagement: string | undefined;
}

export type ColumnKey = 'rank' | 'name' | 'value' | 'engagement';

/** Default column titles, renamed by `options.columns` ({key, title}). */
export function columnTitles(
  data: Pick<TableData, 'aggs' | 'field' | 'valueType'>,
  renamed: Chart['options']['columns'],
): Record<ColumnKey, string> {
  const titles: Record<ColumnKey, string> = {
    rank: '排名',
    name: data.field ? FIELD_LABELS[data.field] : '名称',
    value: data.aggs === 'common_authors' ? '发文量' : VALUE_TYPE_LABELS[data.valueType],
    engagement: VALUE_TYPE_LABELS.engagement_num,
  };
  for (const { key, title } of renamed ?? []) {
    if (key in titles && title) titles[key as ColumnKey] = title;
  }
  return titles;
}

/** Ranked, formatted rows; a percent format is a share of the listed total. */
export function tableRows(data: TableData, format: NumberFormat = 'number'): TableRow[] {
  const total = data.list.reduce((sum, item) => sum + item.value, 0);
  return data.list.map((item, index) => ({
    key: `${index}:${item.name}`,
    rank: index + 1,
    name: item.name,
    label: displayName(item.name),
    value: formatValue(item.value, format, total),
    engagement:
      'engagement' in item
        ? formatValue(item.engagement, format === 'abbr' ? 'abbr' : 'number')
        : undefined,
  }));
}
