import { z } from 'zod';
import { FILTER_FIELDS, type FilterField } from '../posts/fields.js';
import { DATE_PRESETS, resolveDatePreset, type DateRange } from './date-ranges.js';

/** Fields a default query may set: the filter fields, the keyword, denoise, and a date preset. */
export const DEFAULT_QUERY_FIELDS = [...FILTER_FIELDS, 'q', 'denoise', 'range'] as const;

/**
 * One default of a page or a widget (spec 3, defaultQuery list): `range` takes a date preset
 * name, `denoise` '' or 'NO', `q` a keyword expression, the filter fields a list of values.
 */
export const defaultQueryItem = z
  .object({
    field: z.enum(DEFAULT_QUERY_FIELDS),
    value: z.union([z.string(), z.array(z.string())]),
  })
  .superRefine((item, ctx) => {
    const single = Array.isArray(item.value) ? item.value[0] : item.value;
    if (item.field === 'range' && !(DATE_PRESETS as readonly string[]).includes(single ?? ''))
      ctx.addIssue({ code: 'custom', path: ['value'], message: `未知的时间范围: ${single}` });
    if (item.field === 'denoise' && single !== '' && single !== 'NO')
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'denoise 只能为空或 NO' });
  });
export type DefaultQueryItem = z.infer<typeof defaultQueryItem>;

/** What a list of defaults sets, resolved at `now` in the project's time zone. */
export interface ResolvedDefaults {
  range?: DateRange;
  q?: string;
  denoise?: '' | 'NO';
  fields: Partial<Record<FilterField, string[]>>;
}

export function resolveDefaults(
  items: readonly DefaultQueryItem[],
  now: number,
  timeZone: string,
): ResolvedDefaults {
  const resolved: ResolvedDefaults = { fields: {} };
  for (const { field, value } of items) {
    const list = (Array.isArray(value) ? value : [value]).filter((v) => v !== '');
    const single = list[0] ?? '';
    if (field === 'range')
      resolved.range = resolveDatePreset(single as (typeof DATE_PRESETS)[number], now, timeZone);
    else if (field === 'q') resolved.q = single;
    else if (field === 'denoise') resolved.denoise = single === 'NO' ? 'NO' : '';
    else if (list.length > 0) resolved.fields[field] = list;
  }
  return resolved;
}
