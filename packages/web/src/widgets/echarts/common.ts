import {
  CHART_LABEL_COLOR,
  PATH_FIELDS,
  VALUE_TYPE_LABELS,
  formatNumber,
  formatPercent,
  type Aggregation,
  type Chart,
  type ChartRequest,
  type FilterField,
  type ValueType,
} from '@yuqing/core';
import { currentT, type Translate } from '../../i18n/useT';
import { abbreviate, formatValue } from '../../format/numberStyle';

/** Chinese fonts first, so labels render alike on macOS, Windows and Linux. */
export const FONT_FAMILY = "'PingFang SC', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif";

/** Grey of axis lines and split lines. */
export const AXIS_COLOR = '#E5E6EB';
export const LABEL_COLOR = CHART_LABEL_COLOR;

export type Format = NonNullable<Chart['options']['format']>;

/**
 * The request with the type's defaults where the widget configures nothing: its data source
 * (`aggs`) and, for terms, the grouped field and the number of groups.
 */
export function withDefaults(
  request: ChartRequest,
  defaults: { aggs: Aggregation; field?: FilterField; size?: number },
): ChartRequest {
  const out: ChartRequest = { ...request };
  for (const [key, value] of Object.entries(defaults)) out[key] ??= value;
  return out;
}

export const isPathField = (field: string | undefined): boolean =>
  field !== undefined && (PATH_FIELDS as readonly string[]).includes(field);

export { displayName, displayNameIn } from '../../format/displayName';

export const total = (values: readonly number[]): number =>
  values.reduce((sum, value) => sum + value, 0);

/** True when a list has nothing to draw: no items, or only zeros. */
export function allZero(list: readonly { value: number }[] | undefined): boolean {
  return !list || list.every((item) => !item.value);
}

/** A series' name when the widget shows a single measure: the value type's label. */
export const valueName = (valueType: ValueType, t: Translate = currentT()): string => {
  const label = VALUE_TYPE_LABELS[valueType] as string | undefined;
  return label ? t.label(label) : t('数值');
};

/** Labels on bars, pies and maps, as the widget's `options.format` asks. */
export function labelFormatter(format: Format | undefined, sum: number) {
  return (value: number) => formatValue(value, format ?? 'number', sum);
}

/** Value axes: abbreviated (0[.]0a, spec 9) unless the widget asks for plain numbers. */
export function axisFormatter(format: Format | undefined) {
  return (value: number) => (format === 'number' ? formatNumber(value) : abbreviate(value));
}

/** Tooltips show the plain number; with the percent format also the share of `sum`. */
export function tooltipValue(format: Format | undefined, sum: number) {
  return (value: unknown) => {
    const number = typeof value === 'number' ? value : Number(value);
    const plain = formatNumber(number);
    return format === 'percent' && sum ? `${plain} (${formatPercent(number / sum)})` : plain;
  };
}

/** Legends appear when asked, else when there are several series. */
export function legendShown(chart: Chart, seriesCount: number): boolean {
  return chart.options.showLegend ?? seriesCount > 1;
}

export function legend(show: boolean) {
  return {
    show,
    type: 'scroll' as const,
    top: 0,
    left: 'center',
    itemWidth: 12,
    itemHeight: 8,
    textStyle: { color: LABEL_COLOR },
  };
}

/** `#RRGGBB` or `#RGB` with an alpha; other colour forms are returned unchanged. */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return color;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** The filter field a click on a grouped value drills into. */
export function drillField(chart: Chart, fallback: FilterField): FilterField {
  return chart.innerRequest.field ?? fallback;
}

/**
 * A cartesian grid that keeps its axis labels inside its box: ECharts 6's form of the deprecated
 * `containLabel`, which needs the LegacyGridContainLabel extension and did nothing without it.
 */
export const LABELS_INSIDE = { outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' } as const;
