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
import { zh } from '../../i18n/translateText';
import type { Translate } from '../../i18n/useT';

/* Select options with the names of core's labels, in the current locale. */

export const fieldOptions = (t: Translate) =>
  FILTER_FIELDS.map((value) => ({ value, label: t.label(FIELD_LABELS[value]) }));
export const pathFieldOptions = (t: Translate) =>
  PATH_FIELDS.map((value) => ({ value, label: t.label(FIELD_LABELS[value]) }));
export const valueTypeOptions = (t: Translate) =>
  VALUE_TYPES.map((value) => ({ value, label: t.label(VALUE_TYPE_LABELS[value]) }));
export const intervalOptions = (t: Translate) =>
  INTERVALS.map((value) => ({ value, label: t.label(INTERVAL_LABELS[value]) }));
export const sortOptions = (t: Translate) =>
  SORTS.map((value) => ({ value, label: t.label(SORT_LABELS[value]) }));
export const datePresetOptions = (t: Translate) =>
  DATE_PRESETS.map((value) => ({ value, label: t.label(DATE_PRESET_LABELS[value]) }));

const EXTRA_LABELS: Record<string, string> = { range: zh('时间范围'), denoise: zh('去噪') };
export const defaultQueryFieldOptions = (t: Translate) =>
  DEFAULT_QUERY_FIELDS.map((value) => ({
    value,
    label: t.label(
      EXTRA_LABELS[value] ?? FIELD_LABELS[value as keyof typeof FIELD_LABELS] ?? value,
    ),
  }));
