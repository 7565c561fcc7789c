import { FILTER_FIELDS, FIELD_LABELS } from '../posts/fields.js';
import { formatPostTime } from '../posts/display.js';
import type { QueryState } from '../dashboard/query-state.js';
import { displayValue } from '../widgets/display-value.js';

/**
 * The time range of a query in the project's zone as the dashboard's picker shows it: whole days
 * as their first and last day (2026/10/29 – 2026/11/27), else to the minute; `end` is exclusive,
 * so the last instant shown is the one before it.
 */
export function rangeText(query: Pick<QueryState, 'start' | 'end'>, timeZone: string): string {
  const wholeDays = [query.start, query.end].every((ms) =>
    formatPostTime(ms, timeZone).endsWith(' 00:00:00'),
  );
  const at = (ms: number) =>
    formatPostTime(ms, timeZone)
      .slice(0, wholeDays ? 10 : 16)
      .replaceAll('-', '/');
  return `${at(query.start)} – ${at(query.end - 1)}`;
}

/**
 * The filters a query applies, written out one per line as an export's title page states them:
 * the keyword, each field's chosen values by name, the chips (excluded or not; ignored chips
 * apply nothing and are left out) and the denoise switch.
 */
export function filterLines(query: QueryState, labels: ReadonlyMap<string, string>): string[] {
  const names = (values: readonly string[]) =>
    values.map((value) => displayValue(labels, value)).join('、');
  const lines: string[] = [];
  if (query.q.trim()) lines.push(`${FIELD_LABELS.q}：${query.q.trim()}`);
  for (const field of FILTER_FIELDS) {
    const values = query[field];
    if (values?.length) lines.push(`${FIELD_LABELS[field]}：${names(values)}`);
  }
  for (const chip of query.filters) {
    if (chip.ignore) continue;
    const values = Array.isArray(chip.value) ? chip.value : [chip.value];
    lines.push(`${FIELD_LABELS[chip.field]}${chip.exclude ? '（排除）' : ''}：${names(values)}`);
  }
  if (query.denoise === 'NO') lines.push('去噪：已开启');
  return lines;
}
