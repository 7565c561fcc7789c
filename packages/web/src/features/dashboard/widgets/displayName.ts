import { displayValue, valueLabels } from '@yuqing/core';

let labels = valueLabels(undefined);

/** Takes the open project's names for codes (once, when the project is loaded). */
export function setValueLabels(project: Parameters<typeof valueLabels>[0]): void {
  labels = valueLabels(project);
}

/**
 * How a grouped value shows on a widget: the name of a code ('Weibo' → 微博, 'news' → 新闻),
 * a path's last segment ('/品牌/星河汽车' → 星河汽车), else the value itself. Filters and
 * drill-downs keep using the value.
 */
export function displayName(value: string): string {
  return displayValue(labels, value);
}
