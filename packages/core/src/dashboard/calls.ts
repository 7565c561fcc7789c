import { z } from 'zod';
import { defineCall } from '../calls/call.js';
import { projectScope } from '../location.js';
import { importStatus } from '../posts/import-status.js';
import { searchRequest } from '../posts/query.js';
import { pageData, pageDataRequest } from './page-data.js';

const tags = ['posts'];

/** A project's posts: a page's data, a search or one aggregation, and their import. */
export const POST_CALLS = {
  pageData: defineCall({
    method: 'POST',
    path: '/page_data',
    access: 'project-member',
    summary: "Every widget's data of one page under one query state",
    description:
      'A published page by key, or the widgets of a page being edited (project admins). ' +
      "A widget's failure is reported on that widget. Per user, a few run at once; past that: 429.",
    tags,
    query: projectScope,
    body: pageDataRequest,
    answer: pageData,
  }),
  search: defineCall({
    method: 'POST',
    path: '/search',
    access: 'project-member',
    summary: 'Search posts, or run one aggregation of the catalog over them',
    description: 'Per user, a few run at once and more wait; past that, or too often: 429.',
    tags,
    query: projectScope,
    body: searchRequest,
    answer: z.record(z.string(), z.unknown()),
  }),
  importStatus: defineCall({
    method: 'GET',
    path: '/posts/import_status',
    access: 'project-member',
    summary: "The project's running background import (the demo posts on first start)",
    tags,
    query: projectScope,
    answer: importStatus,
  }),
  /** The body is the file itself (JSONL, CSV or xlsx), raw or as multipart. */
  import: defineCall({
    method: 'POST',
    path: '/posts/import',
    access: 'local-cli-or-project-admin',
    summary: 'Import posts from JSONL, CSV or xlsx (raw body or multipart file); project admins',
    tags,
    query: projectScope.extend({ strict: z.enum(['true', 'false']).optional() }),
    answer: z.object({
      imported: z.number(),
      replaced: z.number(),
      rejected: z.number(),
      errors: z.array(z.object({ line: z.number(), field: z.string(), message: z.string() })),
      took: z.number(),
    }),
  }),
};
