import { z } from 'zod';
import { defineCall } from '../calls/call.js';
import { projectScope } from '../location.js';
import { jobListAnswer, removeJobRequest } from './download-jobs.js';
import {
  EXPORTS_API,
  addJobAnswer,
  addJobRequest,
  deckAnswer,
  exportTemplate,
  pageExportRequest,
  pdfAnswer,
  wordAnswer,
} from './export.js';
import { removeTemplateRequest, uploadTemplateRequest, type TemplateKind } from './templates.js';

const tags = ['export'];

const pageDocument = {
  method: 'POST',
  access: 'project-member',
  description:
    "Built from the page_data of the published page under the query, so its numbers are the dashboard's.",
  tags,
  query: projectScope,
  body: pageExportRequest,
} as const;

/**
 * Exports (spec 7): slide decks (`/customlay`), Word briefs (`/api/r11zt`), PDFs (`/export/pdf`),
 * posts files and the offline download list (`/download`). A file is served to the member who
 * made it, and to admins of its project.
 */
export const EXPORT_CALLS = {
  deck: defineCall({
    ...pageDocument,
    path: '/customlay/dashdata',
    summary: 'A slide deck of a page (native, editable charts)',
    answer: deckAnswer,
  }),
  word: defineCall({
    ...pageDocument,
    path: '/api/r11zt/jdata',
    summary: 'A Word brief of a page',
    answer: wordAnswer,
  }),
  pdf: defineCall({
    ...pageDocument,
    path: EXPORTS_API.pdf,
    summary: 'A PDF of a page (vector charts, CJK text embedded)',
    answer: pdfAnswer,
  }),
  /** The file itself, or, for more posts than a file is sent for, the offline job's `addJobAnswer`. */
  addJob: defineCall({
    method: 'POST',
    path: '/download/addJob',
    access: 'project-member',
    summary: "The posts of a page's search-post or tab-post widget as xlsx or CSV",
    description:
      'Up to 2,000 posts: the file itself. More: an offline job, listed by /download/jobList, ' +
      'answered as `{ success, data: { suc, msg, jobId } }`.',
    tags,
    query: projectScope,
    body: addJobRequest,
    answer: addJobAnswer,
  }),
  jobList: defineCall({
    method: 'GET',
    path: '/download/jobList',
    access: 'project-member',
    summary: "The project's offline downloads: the viewer's own, every member's for admins",
    tags,
    query: projectScope,
    answer: jobListAnswer,
  }),
  removeJob: defineCall({
    method: 'POST',
    path: '/download/removeJob',
    access: 'project-member',
    summary: 'Removes an offline download and its file (its owner or a project admin)',
    tags,
    query: projectScope,
    body: removeJobRequest,
    answer: z.null(),
  }),
  /** The file's bytes. */
  file: defineCall({
    method: 'GET',
    path: '/download/file',
    access: 'project-member',
    summary: "A finished export file: a member's own, or any of the project for its admins",
    tags,
    query: projectScope.extend({ id: z.string().uuid('文件 ID 无效') }),
  }),
};

/** The project a template call names, in its path; its subject, if any, in the query. */
const templatePath = projectScope.pick({ repository: true, customer: true, project: true });
const subjectQuery = projectScope.pick({ subject_id: true });

/** The calls of one kind's templates, under `prefix/{repository}/{customer}/{project}`. */
function templateCalls(kind: TemplateKind, prefix: string, label: string) {
  const path = `${prefix}/:repository/:customer/:project`;
  return {
    list: defineCall({
      method: 'GET',
      path,
      access: 'project-member',
      summary: `${label} templates of a project: built-in, then uploaded (logos by address)`,
      tags,
      params: templatePath,
      query: subjectQuery,
      answer: z.array(exportTemplate),
    }),
    upload: defineCall({
      method: 'POST',
      path,
      access: 'project-admin',
      summary: `Uploads a ${label} template (.${kind}, at most 10 MB; project admins)`,
      description:
        "Keeps the theme's colour scheme (accent1-6, lt1) and the first PNG or JPEG of the " +
        `${kind === 'pptx' ? 'first slide master' : 'headers'} as its logo (at most 1 MB).`,
      tags,
      params: templatePath,
      query: subjectQuery,
      body: uploadTemplateRequest,
      answer: exportTemplate,
    }),
    remove: defineCall({
      method: 'DELETE',
      path,
      access: 'project-admin',
      summary: `Removes an uploaded ${label} template (project admins)`,
      tags,
      params: templatePath,
      query: removeTemplateRequest.extend(subjectQuery.shape),
      answer: z.null(),
    }),
    /** The logo's bytes. */
    logo: defineCall({
      method: 'GET',
      path: `${path}/logo`,
      access: 'project-member',
      summary: `The logo of an uploaded ${label} template`,
      tags,
      params: templatePath,
      query: subjectQuery.extend({ id: z.string().uuid('模板 ID 无效') }),
    }),
  };
}

/**
 * Export templates (spec 7 paths), by kind: the built-in ones and those a project admin uploaded
 * as a .pptx or .docx, of which the theme's colours and the master's logo are kept, not the file.
 */
export const EXPORT_TEMPLATE_CALLS = {
  pptx: templateCalls('pptx', '/customlay/tmpls', 'Slide'),
  docx: templateCalls('docx', '/api/r11zt/tmpls', 'Word'),
} satisfies Record<TemplateKind, ReturnType<typeof templateCalls>>;
