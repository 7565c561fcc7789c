import { ALERT_LEVEL_LABELS, type AlertLevel } from '@yuqing/core';
import type { Translate } from '../i18n/useT';

/** 提示, 警告, 严重 for a select. */
export const levelOptions = Object.entries(ALERT_LEVEL_LABELS).map(([value, label]) => ({
  value: value as AlertLevel,
  label,
}));

/** The same options in the viewer's language. */
export const translatedLevelOptions = (t: Translate) =>
  levelOptions.map(({ value, label }) => ({ value, label: t.label(label) }));
