import {
  DATE_PRESETS,
  DATE_PRESET_LABELS,
  DEFAULT_QUERY_FIELDS,
  FIELD_LABELS,
  FILTER_FIELDS,
  INTERVALS,
  INTERVAL_LABELS,
  PATH_FIELDS,
  SORTS,
  SORT_LABELS,
  VALUE_TYPES,
  VALUE_TYPE_LABELS,
} from '@yuqing/core';

/* Select options with the Chinese names of core's labels. */

export const FIELD_OPTIONS = FILTER_FIELDS.map((value) => ({ value, label: FIELD_LABELS[value] }));
export const PATH_FIELD_OPTIONS = PATH_FIELDS.map((value) => ({
  value,
  label: FIELD_LABELS[value],
}));
export const VALUE_TYPE_OPTIONS = VALUE_TYPES.map((value) => ({
  value,
  label: VALUE_TYPE_LABELS[value],
}));
export const INTERVAL_OPTIONS = INTERVALS.map((value) => ({
  value,
  label: INTERVAL_LABELS[value],
}));
export const SORT_OPTIONS = SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));
export const DATE_PRESET_OPTIONS = DATE_PRESETS.map((value) => ({
  value,
  label: DATE_PRESET_LABELS[value],
}));

const EXTRA_LABELS: Record<string, string> = { range: '时间范围', denoise: '去噪' };
export const DEFAULT_QUERY_FIELD_OPTIONS = DEFAULT_QUERY_FIELDS.map((value) => ({
  value,
  label: EXTRA_LABELS[value] ?? FIELD_LABELS[value as keyof typeof FIELD_LABELS] ?? value,
}));
