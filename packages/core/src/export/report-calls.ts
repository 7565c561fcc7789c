import { z } from 'zod';
import { defineCall } from '../calls/call.js';
import { projectScope } from '../location.js';
import {
  deleteImagesRequest,
  exportReportRequest,
  namedTheme,
  newShare,
  publishReportRequest,
  report,
  reportId,
  reportImage,
  reportShare,
  reportSummary,
  revokeShareRequest,
  saveReportRequest,
  saveThemeRequest,
  shareReportRequest,
  sharedReport,
  uploadImageRequest,
} from './reports.js';

const tags = ['report'];

/**
 * Reports (spec 7: /report*): made from a page with its data snapshotted, edited, published and
 * exported by any member of the project.
 */
export const REPORT_CALLS = {
  save: defineCall({
    method: 'POST',
    path: '/report',
    access: 'project-member',
    summary: 'Creates a report from a published page (its data snapshotted), or updates one',
    tags,
    query: projectScope,
    body: saveReportRequest,
    answer: report,
  }),
  get: defineCall({
    method: 'GET',
    path: '/report',
    access: 'project-member',
    summary: 'One report of the project',
    tags,
    query: projectScope.extend(reportId.shape),
    answer: report,
  }),
  list: defineCall({
    method: 'GET',
    path: '/report/list',
    access: 'project-member',
    summary: "The project's (or subject's) reports, newest first",
    tags,
    query: projectScope,
    answer: z.object({ list: z.array(reportSummary) }),
  }),
  publish: defineCall({
    method: 'POST',
    path: '/report/publish',
    access: 'project-member',
    summary:
      'Publishes a report, or takes it back and revokes its share links (publishing again revives none)',
    tags,
    query: projectScope,
    body: publishReportRequest,
    answer: report,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/report/remove',
    access: 'project-member',
    summary: 'Deletes a report and its share links',
    tags,
    query: projectScope,
    body: reportId,
    answer: z.null(),
  }),
  export: defineCall({
    method: 'POST',
    path: '/report/export',
    access: 'project-member',
    summary: 'A report as a slide deck, a Word brief or a PDF, drawn from its snapshot',
    tags,
    query: projectScope,
    body: exportReportRequest,
    answer: z.object({ url: z.string() }),
  }),
};

/** A report image's id, in a path. */
const imageParams = z.object({ id: z.string().uuid('图片 ID 无效') });

/** A project's report images (/report/imgs, /report/delimgs): uploaded, listed, read, deleted. */
export const REPORT_IMAGE_CALLS = {
  upload: defineCall({
    method: 'POST',
    path: '/report/imgs',
    access: 'project-member',
    summary: 'Uploads a report image (PNG, JPEG, GIF or WebP, at most 2 MB)',
    tags,
    query: projectScope,
    body: uploadImageRequest,
    answer: reportImage,
  }),
  list: defineCall({
    method: 'GET',
    path: '/report/imgs',
    access: 'project-member',
    summary: "The project's report images",
    tags,
    query: projectScope,
    answer: z.object({ list: z.array(reportImage) }),
  }),
  /** The image's bytes. */
  image: defineCall({
    method: 'GET',
    path: '/report/imgs/:id',
    access: 'project-member',
    summary: 'A report image',
    tags,
    params: imageParams,
    query: projectScope,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/report/delimgs',
    access: 'project-member',
    summary:
      'Deletes report images (reports showing them show none): its uploader’s, or any for project admins',
    tags,
    query: projectScope,
    body: deleteImagesRequest,
    answer: z.null(),
  }),
};

/** Report themes (/report/theme): the built-in ones and a project's own. */
export const REPORT_THEME_CALLS = {
  list: defineCall({
    method: 'GET',
    path: '/report/theme',
    access: 'project-member',
    summary: 'Report themes: the built-in ones and the project’s own',
    tags,
    query: projectScope,
    answer: z.object({ list: z.array(namedTheme) }),
  }),
  save: defineCall({
    method: 'POST',
    path: '/report/theme',
    access: 'project-member',
    summary:
      'Saves a report theme of the project by name; a saved name is replaced by its owner or a project admin only',
    tags,
    query: projectScope,
    body: saveThemeRequest,
    answer: namedTheme,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/report/theme',
    access: 'project-member',
    summary: 'Deletes a saved report theme (its owner, or any for project admins)',
    tags,
    query: projectScope.extend({ id: z.string().uuid('主题 ID 无效') }),
    answer: z.null(),
  }),
};

/** A share link's token: it opens one report and its images, and is no session. */
const shareToken = z.object({ token: z.string().min(20).max(100) });

/**
 * Share links of a published report (/report/share*): made, listed and revoked by its project's
 * members; /report/shared opens that report alone, without an account.
 */
export const REPORT_SHARE_CALLS = {
  create: defineCall({
    method: 'POST',
    path: '/report/share',
    access: 'project-member',
    summary: 'Makes a share link of a published report: read-only, no account, expiring',
    tags,
    query: projectScope,
    body: shareReportRequest,
    answer: newShare,
  }),
  list: defineCall({
    method: 'GET',
    path: '/report/shares',
    access: 'project-member',
    summary: "A report's share links: who made them, until when, how often opened",
    tags,
    query: projectScope.extend(reportId.shape),
    answer: z.object({ list: z.array(reportShare) }),
  }),
  revoke: defineCall({
    method: 'POST',
    path: '/report/share/revoke',
    access: 'project-member',
    summary: 'Revokes a share link at once',
    tags,
    query: projectScope,
    body: revokeShareRequest,
    answer: z.null(),
  }),
  shared: defineCall({
    method: 'GET',
    path: '/report/shared',
    access: 'public',
    summary: 'The report a share link opens, read-only and without an account',
    description: 'The token opens this report and its images only; it is no session.',
    tags,
    query: shareToken,
    answer: sharedReport,
  }),
  /** The image's bytes. */
  sharedImage: defineCall({
    method: 'GET',
    path: '/report/shared/imgs/:id',
    access: 'public',
    summary: 'An image of a shared report (its header image or logo only)',
    tags,
    params: imageParams,
    query: shareToken,
  }),
};
