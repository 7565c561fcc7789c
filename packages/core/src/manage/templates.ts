import { z } from 'zod';
import { dashboard } from '../dashboard/dashboard.js';

/** A saved page set (spec 7, POST /project_template: name, template {site, menu, pages}). */
export const projectTemplate = z.object({
  name: z.string().trim().min(1, '请输入模板名称').max(50),
  template: dashboard,
});
export type ProjectTemplate = z.infer<typeof projectTemplate>;

/** Templates belong to the customer: every project of the customer can use them. */
export const templateListItem = z.object({
  name: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  pages: z.number().int(),
});
export type TemplateListItem = z.infer<typeof templateListItem>;

/** `DELETE /project_template?name=`. */
export const deleteTemplateQuery = z.object({ name: z.string().trim().min(1).max(50) });

/** `POST /project_copy`: a new project of the same customer with this one's settings and draft. */
export const copyProjectRequest = z.object({
  project: z
    .string()
    .trim()
    .min(1, '请输入项目编码')
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, '项目编码只能包含字母、数字、下划线和连字符'),
  name: z.string().trim().min(1, '请输入项目名称').max(100),
  /** Copy the subjects too, each with its draft and newest published version. */
  subjects: z.boolean().default(false),
});
export type CopyProjectRequest = z.infer<typeof copyProjectRequest>;

/** The copy's id and the URL path that opens it. */
export const copyProjectAnswer = z.object({ projectID: z.string(), path: z.string() });
export type CopyProjectAnswer = z.infer<typeof copyProjectAnswer>;
