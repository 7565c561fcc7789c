/**
 * How a grouped value shows on a widget or in an export: the name of a code ('Weibo' → 微博,
 * 'news' → 新闻), a path's last segment ('/品牌/星河汽车' → 星河汽车), else the value itself.
 */
export function displayValue(labels: ReadonlyMap<string, string>, value: string): string {
  const named = labels.get(value);
  if (named) return named;
  if (!value.startsWith('/')) return value;
  const segments = value.split('/').filter(Boolean);
  return segments[segments.length - 1] ?? value;
}
