import { z } from 'zod';
import { DEFAULT_PRIMARY_COLOR, LOGIN_TYPES } from './constants.js';
import { NUMBER_STYLES } from './format.js';

export const hexColor = z
  .string()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, '不是有效的颜色');

/** A project menu item; each becomes a dashboard route (spec sections 2 and 3). */
export const menuItem = z.object({
  label: z.string().min(1),
  key: z.string().min(1),
  path: z.string().regex(/^\/[A-Za-z0-9_\-/]*$/, '必须以 / 开头'),
  default: z.boolean().default(false),
  isAiReport: z.boolean().default(false),
  show: z.boolean().default(true),
  adminVisible: z.boolean().default(false),
});
export type MenuItem = z.infer<typeof menuItem>;

export interface PathTreeNode {
  title: string;
  value: string;
  children?: PathTreeNode[];
}
export const pathTreeNode: z.ZodType<PathTreeNode> = z.lazy(() =>
  z.object({
    title: z.string(),
    value: z.string(),
    children: z.array(pathTreeNode).optional(),
  }),
);

const codeName = z.object({ name: z.string(), code: z.string() });

/** Site settings that style the top navigation and charts. */
export const siteSettings = z.object({
  colors: z.array(hexColor).default([]),
  primaryColor: hexColor.optional(),
  colorMap: z.array(z.object({ name: z.string(), value: hexColor })).default([]),
  navBackgroundImage: z.string().optional(),
  navTextColor: hexColor.optional(),
  hideSubjectName: z.boolean().default(false),
  /** How numbers are abbreviated; absent: k / m, as spec 9 says. */
  numberStyle: z.enum(NUMBER_STYLES).optional(),
});
export type SiteSettings = z.infer<typeof siteSettings>;

/** The editable profile of a project: everything of the spec's Project entity but its identity. */
export const projectProfile = z.object({
  excludePath: z.array(z.string()).default([]),
  discard_word: z.array(z.string()).default([]),
  medias: z.array(codeName).default([]),
  tendencies: z.array(z.string()).default(['正面', '中性', '负面']),
  brandList: z.array(z.string()).default([]),
  categoryList: z.array(z.string()).default([]),
  topic_paths: z.array(z.string()).default([]),
  brand_paths: z.array(z.string()).default([]),
  mobile_paths: z.array(z.string()).default([]),
  topicPathsTree: z.array(pathTreeNode).default([]),
  brandPathsTree: z.array(pathTreeNode).default([]),
  mediaTypes: z.array(codeName).default([]),
  primaryColor: hexColor.default(DEFAULT_PRIMARY_COLOR),
  highlight_keyword: z.string().default(''),
  showDownloadJobList: z.boolean().default(false),
  loginTypes: z.array(z.enum(LOGIN_TYPES)).min(1).default(['pw']),
  scene: z.string().default(''),
  icp: z.string().default(''),
  timezone: z.string().default('Asia/Shanghai'),
});
export type ProjectProfile = z.infer<typeof projectProfile>;

/**
 * The spec's Project entity as the API answers it; `menus` is the menu of the dashboard being
 * shown (published for viewers, the draft in manage mode).
 */
export const project = projectProfile.extend({
  menus: z.array(menuItem),
  name: z.string(),
  customer: z.string(),
  repository: z.string(),
  project: z.string(),
  created_at: z.string(),
  isSubject: z.boolean(),
});
export type Project = z.infer<typeof project>;

export const subject = z.object({
  _id: z.string(),
  name: z.string(),
  tendencies: z.array(z.string()),
});
export type Subject = z.infer<typeof subject>;

/** `GET /project_info`: what the login page may know before anyone signs in. */
export const projectInfo = z.object({
  project: z.string(),
  projectID: z.string(),
  customer: z.object({ code: z.string(), name: z.string() }),
  name: z.string(),
  config: z.object({
    scene: z.string(),
    icp: z.string(),
    loginTypes: z.array(z.enum(LOGIN_TYPES)),
    primaryColor: hexColor,
    wx: z
      .object({
        /** Address of the provider's QR page, loaded in the login frame. */
        qrUrl: z.string(),
        /** Messages from the login frame are accepted only from this origin. */
        loginOrigin: z.string(),
      })
      .optional(),
  }),
});
export type ProjectInfo = z.infer<typeof projectInfo>;

export const projectListItem = z.object({
  projectID: z.string(),
  repository: z.string(),
  customer: z.string(),
  customerName: z.string(),
  project: z.string(),
  name: z.string(),
  role: z.enum(['viewer', 'admin']),
  path: z.string(),
});
export type ProjectListItem = z.infer<typeof projectListItem>;
