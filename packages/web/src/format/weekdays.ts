import { zh } from '../i18n/translateText';

/** Monday first, as core counts a week (`LocalParts.weekday` 0, a schedule's weekday 1). */
export const WEEKDAYS = [
  zh('周一'),
  zh('周二'),
  zh('周三'),
  zh('周四'),
  zh('周五'),
  zh('周六'),
  zh('周日'),
] as const;
