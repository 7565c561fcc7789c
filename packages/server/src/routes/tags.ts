import { z } from 'zod';
import {
  RULES_RELOADED,
  TAGS_API,
  TAG_RULES_CSV_MAX_CHARS,
  envelope,
  importTagRulesRequest,
  kg2Answer,
  kg2Request,
  projectScope,
  storedTagRules,
  tagRules,
  tagsNewAnswer,
  tagsNewRequest,
  type TagRules,
} from '@yuqing/core';
import { attachment } from '../export/export-files.js';
import type { TagMatchers } from '../tagging/tag-matchers.js';
import { productTags } from '../tagging/product-tags.js';
import { readRulesCsv, writeRulesCsv } from '../tagging/rules-csv.js';
import { relationRows } from '../tagging/relation-rows.js';
import { tagText } from '../tagging/tag-text.js';
import { topicRows } from '../tagging/topic-rows.js';
import { placeTarget } from './audit.js';
import { ok, type Api, type RouteContext } from './context.js';

/** A rule set of 200,000 products with their aliases, as JSON or CSV. */
const RULES_BODY_LIMIT = TAG_RULES_CSV_MAX_CHARS * 3 + 1024 * 1024;

/** How many rules of each kind a rule set holds, for the audit log. */
const ruleCounts = (rules: Record<string, readonly unknown[]>) =>
  Object.fromEntries(Object.entries(rules).map(([kind, list]) => [kind, list.length]));

/**
 * The rule-based tagger (spec 7's /tags-api): members tag texts and rebuild their project's
 * matcher from the stored rules; project admins read, replace, import and export the rules,
 * and a replacement is swapped in at once.
 */
export function tagRoutes(api: Api, { access, store, audit }: RouteContext, matchers: TagMatchers) {
  const replaceRules = async (projectId: string, rules: TagRules, updatedBy: string) => {
    await store.taggingRules.replace(projectId, rules, updatedBy);
    await matchers.reload(projectId);
  };

  api.put(
    TAGS_API.reloadRules,
    {
      config: { access: 'project-member' },
      schema: {
        summary: "Rebuilds the project's matcher from its stored rules and swaps it in",
        tags: ['tagging'],
        querystring: projectScope,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query);
      await matchers.reload(target.project.id);
      await audit(request, target, 'tagging_rules.reload', placeTarget(target));
      return { success: true, msg: RULES_RELOADED, data: null };
    },
  );

  api.post(
    TAGS_API.tagsNew,
    {
      config: { access: 'project-member' },
      schema: {
        summary: 'The products a text names, each mention with its sentence and topic row',
        tags: ['tagging'],
        querystring: projectScope,
        body: tagsNewRequest,
        response: { 200: envelope(tagsNewAnswer) },
      },
    },
    async (request, reply) => {
      const { project } = await access.requireProject(request, reply, request.query);
      const matcher = await matchers.get(project.id);
      const tags = tagText(matcher, request.body);
      return ok(productTags(matcher, tags, request.body.product_mentions));
    },
  );

  api.post(
    TAGS_API.kg2,
    {
      config: { access: 'project-member' },
      schema: {
        summary: 'The topics of a text with their feeling, and its product-topic relations',
        description:
          'Relations pair the given product_mentions_infos (as tags_new answered them) with ' +
          'the topic rows; without them, the products found in the text.',
        tags: ['tagging'],
        querystring: projectScope,
        body: kg2Request,
        response: { 200: envelope(kg2Answer) },
      },
    },
    async (request, reply) => {
      const { project } = await access.requireProject(request, reply, request.query);
      const matcher = await matchers.get(project.id);
      const tags = tagText(matcher, request.body);
      const topics = topicRows(matcher, tags);
      return ok({
        topics,
        relations: relationRows(matcher, tags, topics, request.body.product_mentions_infos),
      });
    },
  );

  api.get(
    TAGS_API.rules,
    {
      config: { access: 'project-admin' },
      schema: {
        summary: "The project's tagging rules (project admins)",
        tags: ['tagging'],
        querystring: projectScope,
        response: { 200: envelope(storedTagRules) },
      },
    },
    async (request, reply) => {
      const { project } = await access.requireProject(request, reply, request.query, 'admin');
      const stored = await store.taggingRules.get(project.id);
      return ok(stored ?? { rules: tagRules.parse({}), updatedAt: null, updatedBy: null });
    },
  );

  api.put(
    TAGS_API.rules,
    {
      config: { access: 'project-admin' },
      bodyLimit: RULES_BODY_LIMIT,
      schema: {
        summary: "Replaces the project's tagging rules and swaps them in (project admins)",
        tags: ['tagging'],
        querystring: projectScope,
        body: tagRules,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query, 'admin');
      const { project, viewer } = target;
      await replaceRules(project.id, request.body, viewer.user.username);
      await audit(request, target, 'tagging_rules.replace', placeTarget(target), {
        rules: ruleCounts(request.body),
      });
      return ok(null);
    },
  );

  api.get(
    TAGS_API.rulesCsv,
    {
      config: { access: 'project-admin' },
      schema: {
        summary: "The project's tagging rules as a CSV file, a rule a line (project admins)",
        tags: ['tagging'],
        querystring: projectScope,
      },
    },
    async (request, reply) => {
      const { project } = await access.requireProject(request, reply, request.query, 'admin');
      const stored = await store.taggingRules.get(project.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${project.code}-标注规则.csv`))
        .header('cache-control', 'no-store')
        .send(writeRulesCsv(stored?.rules ?? tagRules.parse({})));
    },
  );

  api.put(
    TAGS_API.rulesCsv,
    {
      config: { access: 'project-admin' },
      bodyLimit: RULES_BODY_LIMIT,
      schema: {
        summary: "Replaces the project's tagging rules with those of a CSV file (project admins)",
        description: 'The CSV as exported: a header line with `kind` and the columns it uses.',
        tags: ['tagging'],
        querystring: projectScope,
        body: importTagRulesRequest,
        response: { 200: envelope(z.object({ rules: z.number().int() })) },
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query, 'admin');
      const { project, viewer } = target;
      const rules = readRulesCsv(request.body.csv);
      await replaceRules(project.id, rules, viewer.user.username);
      const count = Object.values(rules).reduce((sum, list) => sum + list.length, 0);
      await audit(request, target, 'tagging_rules.import', placeTarget(target), {
        rules: ruleCounts(rules),
      });
      return ok({ rules: count });
    },
  );
}
