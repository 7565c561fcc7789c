import {
  FIELD_LABELS,
  VALUE_TYPE_LABELS,
  type Chart,
  type NumberFormat,
  type TableData,
} from '@yuqing/core';
import { currentT, type Translate } from '../../i18n/useT';
import { displayNameIn } from '../../format/displayName';
import { formatValue } from '../../format/numberStyle';

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

/**
 * Default column titles, renamed by `options.columns` ({key, title}); in the locale of `t` (a
 * renamed title too, when it is one of the product's defaults).
 */
export function columnTitles(
  data: Pick<TableData, 'aggs' | 'field' | 'valueType'>,
  renamed: Chart['options']['columns'],
  t: Translate = currentT(),
): Record<ColumnKey, string> {
  const titles: Record<ColumnKey, string> = {
    rank: t('排名'),
    name: data.field ? t.label(FIELD_LABELS[data.field]) : t('名称'),
    value:
      data.aggs === 'common_authors' ? t('发文量') : t.label(VALUE_TYPE_LABELS[data.valueType]),
    engagement: t.label(VALUE_TYPE_LABELS.engagement_num),
  };
  for (const { key, title } of renamed ?? []) {
    if (key in titles && title) titles[key as ColumnKey] = t.label(title);
  }
  return titles;
}

/** Ranked, formatted rows; a percent format is a share of the listed total. */
export function tableRows(
  data: TableData,
  format: NumberFormat = 'number',
  t: Translate = currentT(),
): TableRow[] {
  const displayName = displayNameIn(t);
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
