import { z } from 'zod';
import { FILTER_FIELDS } from '../posts/fields.js';
import { DATE_PRESETS, QUICK_RANGES } from './date-ranges.js';

/** Where an option list comes from: inline data, a project data item (`api`), or the field. */
export const optionSource = z.object({
  /** Inline value/label items. */
  data: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  /** Name of a project data item whose list becomes the options (spec 7). */
  api: z.string().min(1).max(100).optional(),
});

/** Settings of a select-like control (spec 3, option definition `options`). */
export const selectSettings = optionSource.extend({
  multiple: z.boolean().default(false),
  placeholder: z.string().max(50).optional(),
  icon: z.string().max(50).optional(),
  data_type: z.string().max(50).optional(),
  /** A multi-select keeps at most this many values (spec 5). */
  max: z.number().int().min(1).max(100).optional(),
});
export type SelectSettings = z.infer<typeof selectSettings>;

export const OPTION_DEFINITION_TYPES = [
  'tree_select',
  'multi_select',
  'radio',
  'date_range',
] as const;

/** One control inside the filter popover (spec 3, option definition). */
export const optionDefinition = z.object({
  field: z.enum(FILTER_FIELDS),
  label: z.string().max(50).optional(),
  type: z.enum(OPTION_DEFINITION_TYPES),
  default: z.array(z.string()).optional(),
  options: selectSettings.default({ multiple: true }),
  style: z.object({ width: z.number().int().min(60).max(800).optional() }).default({}),
});
export type OptionDefinition = z.infer<typeof optionDefinition>;

export const DOWNLOAD_KINDS = [
  'download_ppt',
  'download_excel',
  'download_word',
  'download_pdf',
] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

const common = {
  label: z.string().max(50).optional(),
  icon: z.string().max(50).optional(),
};

/**
 * One part of a page's query bar (spec 2 and 3, Filter item), by `type`:
 * - `date_range`: the date range picker; `default` is a preset, `options.presets` those offered;
 * - `select`: a left item on `field`, a dropdown, or a multi-select when `options.multiple`;
 * - `search`: the keyword box;
 * - `denoise`: the denoise toggle (right side);
 * - `popover`: the filter popover (right side) with its controls;
 * - `quick_range`: quick-range chips;
 * - `download`: a footer export button (`data_type` says which);
 * - `report`: the footer report button.
 */
export const filterItem = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('date_range'),
    ...common,
    default: z.enum(DATE_PRESETS).optional(),
    options: z
      .object({
        presets: z.array(z.enum(DATE_PRESETS)).optional(),
        picker: z.enum(['date', 'datetime', 'month', 'year']).default('date'),
      })
      .default({ picker: 'date' }),
  }),
  z.object({
    type: z.literal('select'),
    ...common,
    field: z.enum(FILTER_FIELDS),
    default: z.array(z.string()).optional(),
    options: selectSettings.default({ multiple: false }),
  }),
  z.object({
    type: z.literal('search'),
    ...common,
    options: z.object({ placeholder: z.string().max(50).optional() }).default({}),
  }),
  z.object({ type: z.literal('denoise'), ...common }),
  z.object({
    type: z.literal('popover'),
    ...common,
    options: z.array(optionDefinition).max(10),
  }),
  z.object({
    type: z.literal('quick_range'),
    ...common,
    options: z.object({ ranges: z.array(z.enum(QUICK_RANGES)).min(1) }).default({
      ranges: [...QUICK_RANGES],
    }),
  }),
  z.object({ type: z.literal('download'), ...common, data_type: z.enum(DOWNLOAD_KINDS) }),
  z.object({ type: z.literal('report'), ...common }),
]);
export type FilterItem = z.infer<typeof filterItem>;
export type FilterItemInput = z.input<typeof filterItem>;
