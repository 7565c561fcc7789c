import { displayValue, valueLabels } from '@yuqing/core';
import type { Translate } from '../i18n/useT';

let labels = valueLabels(undefined);

/** Takes the open project's names for codes (once, when the project is loaded). */
export function setValueLabels(project: Parameters<typeof valueLabels>[0]): void {
  labels = valueLabels(project);
}

/**
 * How a grouped value shows on a widget: the name of a code ('Weibo' → 微博, 'news' → 新闻),
 * a path's last segment ('/品牌/星河汽车' → 星河汽车), else the value itself. Filters and
 * drill-downs keep using the value. Views show it in the locale through `displayNameIn(t)`.
 */
export function displayName(value: string): string {
  return displayValue(labels, value);
}

/** `displayName` in the locale of `t`, for views that re-render when the locale changes. */
export const displayNameIn =
  (t: Translate) =>
  (value: string): string =>
    t.label(displayName(value));
