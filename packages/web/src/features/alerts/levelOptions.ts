import { ALERT_LEVEL_LABELS, type AlertLevel } from '@yuqing/core';

/** 提示, 警告, 严重 for a select. */
export const levelOptions = Object.entries(ALERT_LEVEL_LABELS).map(([value, label]) => ({
  value: value as AlertLevel,
  label,
}));
