import { z } from 'zod';
import { defineCall } from '../calls/call.js';
import { projectScope } from '../location.js';
import { retagStatus } from './retag.js';
import { importTagRulesRequest } from './rules-csv.js';
import { storedTagRules, tagRules } from './rules.js';
import { TAGS_API, kg2Answer, kg2Request, tagsNewAnswer, tagsNewRequest } from './tag-requests.js';

const tags = ['tagging'];

/**
 * The rule-based tagger (spec 7's /tags-api): members tag texts and rebuild their project's
 * matcher from the stored rules; project admins read, replace, import and export the rules, and
 * re-tag the project's stored posts by them.
 */
export const TAG_CALLS = {
  reloadRules: defineCall({
    method: 'PUT',
    path: TAGS_API.reloadRules,
    access: 'project-member',
    summary: "Rebuilds the project's matcher from its stored rules and swaps it in",
    tags,
    query: projectScope,
    answer: z.null(),
  }),
  tagsNew: defineCall({
    method: 'POST',
    path: TAGS_API.tagsNew,
    access: 'project-member',
    summary: 'The products a text names, each mention with its sentence and topic row',
    tags,
    query: projectScope,
    body: tagsNewRequest,
    answer: tagsNewAnswer,
  }),
  kg2: defineCall({
    method: 'POST',
    path: TAGS_API.kg2,
    access: 'project-member',
    summary: 'The topics of a text with their feeling, and its product-topic relations',
    description:
      'Relations pair the given product_mentions_infos (as tags_new answered them) with ' +
      'the topic rows; without them, the products found in the text.',
    tags,
    query: projectScope,
    body: kg2Request,
    answer: kg2Answer,
  }),
  rules: defineCall({
    method: 'GET',
    path: TAGS_API.rules,
    access: 'project-admin',
    summary: "The project's tagging rules (project admins)",
    tags,
    query: projectScope,
    answer: storedTagRules,
  }),
  replaceRules: defineCall({
    method: 'PUT',
    path: TAGS_API.rules,
    access: 'project-admin',
    summary: "Replaces the project's tagging rules and swaps them in (project admins)",
    tags,
    query: projectScope,
    body: tagRules,
    answer: z.null(),
  }),
  /** Answers a file. */
  rulesCsv: defineCall({
    method: 'GET',
    path: TAGS_API.rulesCsv,
    access: 'project-admin',
    summary: "The project's tagging rules as a CSV file, a rule a line (project admins)",
    tags,
    query: projectScope,
  }),
  importRulesCsv: defineCall({
    method: 'PUT',
    path: TAGS_API.rulesCsv,
    access: 'project-admin',
    summary: "Replaces the project's tagging rules with those of a CSV file (project admins)",
    description:
      'The CSV as exported: a header line with `kind` and the columns it uses. Sent as ' +
      'the body (`Content-Type: text/csv`, UTF-8, up to 8,000,000 characters), or as ' +
      '`{ csv }` in JSON of at most 2 MB.',
    tags,
    query: projectScope,
    body: importTagRulesRequest,
    answer: z.object({ rules: z.number().int() }),
  }),
  startRetag: defineCall({
    method: 'POST',
    path: TAGS_API.retag,
    access: 'project-admin',
    summary: "Starts re-tagging the project's stored posts by its rules (project admins)",
    description: 'One job per project runs at a time (409 while one runs).',
    tags,
    query: projectScope,
    answer: retagStatus,
  }),
  retag: defineCall({
    method: 'GET',
    path: TAGS_API.retag,
    access: 'project-admin',
    summary: "The project's re-tag: its state and progress (project admins)",
    tags,
    query: projectScope,
    answer: retagStatus,
  }),
};
