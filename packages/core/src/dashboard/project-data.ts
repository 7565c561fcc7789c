import { z } from 'zod';

export interface OptionItem {
  value: string;
  label: string;
  children?: OptionItem[];
}

/** A value/label item of an option list or tree (spec 3, option list item). */
export const optionItem: z.ZodType<OptionItem> = z.lazy(() =>
  z.object({
    value: z.string().min(1).max(500),
    label: z.string().min(1).max(200),
    children: z.array(optionItem).max(1000).optional(),
  }),
);

/**
 * A named list or tree of a project (spec 7, project data): filter options with an `api`
 * source and custom left tree menus read it.
 */
export const projectDataItem = z.object({
  name: z.string().trim().min(1).max(100),
  kind: z.enum(['list', 'tree']),
  items: z.array(optionItem).max(5000),
});
export type ProjectDataItem = z.infer<typeof projectDataItem>;
