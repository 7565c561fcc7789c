import { z } from 'zod';
import { PATH_FIELDS } from '../posts/fields.js';
import { chart } from './chart.js';
import { filterItem } from './filter-item.js';
import { defaultQueryItem } from './query-defaults.js';

export const LEFT_TREE_WIDTH = 250;
export const LEFT_TREE_DEFAULT_MAX = 3;

/** The optional tree menu left of a page (spec 3, leftTreeMenu). */
export const leftTreeMenu = z.object({
  show: z.boolean().default(false),
  multiple: z.boolean().default(false),
  max: z.number().int().min(1).max(20).default(LEFT_TREE_DEFAULT_MAX),
  /** Paths selected when the page opens. */
  default: z.array(z.string()).default([]),
  /** Show each node's volume for the current query. */
  showBuzz: z.boolean().default(false),
  field: z.enum(PATH_FIELDS).default('topic_paths'),
  showLogo: z.boolean().default(false),
  /** Read the tree from a project data item instead of the project's path tree. */
  isCustomData: z.boolean().default(false),
  customField: z.enum(PATH_FIELDS).optional(),
  customDataKey: z.string().max(100).optional(),
});
export type LeftTreeMenu = z.infer<typeof leftTreeMenu>;

type Box = { x: number; y: number; w: number; h: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** One menu page of a dashboard (spec 3, Page); its widgets may not overlap on the grid. */
export const page = z
  .object({
    leftTreeMenu: leftTreeMenu.default({
      show: false,
      multiple: false,
      max: LEFT_TREE_DEFAULT_MAX,
      default: [],
      showBuzz: false,
      field: 'topic_paths',
      showLogo: false,
      isCustomData: false,
    }),
    filter: z.array(filterItem).max(30).default([]),
    charts: z.array(chart).max(100).default([]),
    defaultQuery: z.array(defaultQueryItem).max(30).default([]),
    page_config: z
      .object({ hotpost: z.object({ show: z.boolean().default(false) }).default({ show: false }) })
      .default({ hotpost: { show: false } }),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.charts.forEach((widget, index) => {
      if (seen.has(widget.i))
        ctx.addIssue({ code: 'custom', path: ['charts', index, 'i'], message: '组件 ID 重复' });
      seen.add(widget.i);
      const other = value.charts.slice(0, index).find((earlier) => overlaps(earlier, widget));
      if (other)
        ctx.addIssue({
          code: 'custom',
          path: ['charts', index, 'y'],
          message: `组件 ${widget.i} 与 ${other.i} 位置重叠`,
        });
    });
  });
export type Page = z.infer<typeof page>;
export type PageInput = z.input<typeof page>;
