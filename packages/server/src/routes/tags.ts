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
} from '@yuqing/core';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { attachment } from '../export/export-files.js';
import type { RequestLimits } from '../http/request-limits.js';
import { readTextBody } from '../http/text-body.js';
import { readRulesCsvOffThread, writeRulesCsvOffThread } from '../tagging/rules-csv.js';
import type { Tagger } from '../tagging/tagger.js';
import { placeTarget } from './audit.js';
import { ok, type Api, type RouteContext } from './context.js';

/** A rule set of 200,000 products with their aliases, as JSON or CSV. */
const RULES_BODY_LIMIT = TAG_RULES_CSV_MAX_CHARS * 3 + 1024 * 1024;
const RULES_BODY_LIMIT_MB = Math.round(RULES_BODY_LIMIT / 1024 / 1024);
/** A rules CSV in JSON: decoded and parsed in one go on the server's thread, so kept small. */
const CSV_JSON_BODY_LIMIT = 2 * 1024 * 1024;

export interface TagRouteOptions {
  tagger: Tagger;
  /** Per user: tags_new and kg2. */
  tagging: RequestLimits;
  /** Per project and user: what compiles the rules again (a reload, replacing them). */
  compiles: RequestLimits;
}

/**
 * An answer the tagger's thread wrote as JSON (tagger-thread.ts), sent as it is: the route's
 * schema describes it, and checking and writing thousands of mentions here held this thread.
 */
const sendJson = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);

/** How many rules of each kind a rule set holds, for the audit log. */
const ruleCounts = (rules: Record<string, readonly unknown[]>) =>
  Object.fromEntries(Object.entries(rules).map(([kind, list]) => [kind, list.length]));

/**
 * The rule-based tagger (spec 7's /tags-api): members tag texts and rebuild their project's
 * matcher from the stored rules (spec 2's tagging tool shows 重新加载规则 to every member);
 * project admins read, replace, import and export the rules, and a replacement is swapped in at
 * once. Texts are tagged and rules compiled in the tagger's thread, CSV read and written in a
 * thread of its own, each call under its user's limits.
 */
export function tagRoutes(
  api: Api,
  { access, store, audit }: RouteContext,
  { tagger, tagging, compiles }: TagRouteOptions,
) {
  const replaceRules = async (projectId: string, json: string, updatedBy: string) => {
    const version = await store.taggingRules.replaceText(projectId, json, updatedBy);
    await tagger.replaced(projectId, version, json);
  };
  const compileKey = (projectId: string, userId: string) => `${projectId}/${userId}`;

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
      const { project, viewer } = target;
      return compiles.run(reply, compileKey(project.id, viewer.user.id), async () => {
        await tagger.reload(project.id);
        await audit(request, target, 'tagging_rules.reload', placeTarget(target));
        return { success: true, msg: RULES_RELOADED, data: null };
      });
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
      const { project, viewer } = await access.requireProject(request, reply, request.query);
      const answer = await tagging.run(reply, viewer.user.id, () =>
        tagger.tagsNew(project.id, request.body),
      );
      return sendJson(reply, answer);
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
      const { project, viewer } = await access.requireProject(request, reply, request.query);
      const answer = await tagging.run(reply, viewer.user.id, () =>
        tagger.kg2(project.id, request.body),
      );
      return sendJson(reply, answer);
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
      await compiles.run(reply, compileKey(project.id, viewer.user.id), () =>
        replaceRules(project.id, JSON.stringify(request.body), viewer.user.username),
      );
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
      const stored = await store.taggingRules.getText(project.id);
      const csv = await writeRulesCsvOffThread(stored?.text ?? JSON.stringify(tagRules.parse({})));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${project.code}-标注规则.csv`))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  // A rules file is sent as text/csv (the web's import) or as JSON `{ csv }` (small ones only):
  // the route has a scope of its own, where a text/csv body is decoded a piece at a time as it
  // arrives, for JSON is decoded and parsed in one go (3.6 MB of CSV in JSON: 85 ms or more).
  void api.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.removeContentTypeParser('text/csv');
    scope.addContentTypeParser('text/csv', (_request, payload, done) => {
      readTextBody(payload, RULES_BODY_LIMIT, `csv: 文件不能超过 ${RULES_BODY_LIMIT_MB} MB`).then(
        (csv) => done(null, { csv }),
        (error: Error) => done(error, undefined),
      );
    });
    scope.put(
      TAGS_API.rulesCsv,
      {
        config: { access: 'project-admin' },
        bodyLimit: CSV_JSON_BODY_LIMIT,
        schema: {
          summary: "Replaces the project's tagging rules with those of a CSV file (project admins)",
          description:
            'The CSV as exported: a header line with `kind` and the columns it uses. Sent as ' +
            'the body (`Content-Type: text/csv`, UTF-8, up to 8,000,000 characters), or as ' +
            '`{ csv }` in JSON of at most 2 MB.',
          tags: ['tagging'],
          querystring: projectScope,
          body: importTagRulesRequest,
          response: { 200: envelope(z.object({ rules: z.number().int() })) },
        },
      },
      async (request, reply) => {
        const target = await access.requireProject(request, reply, request.query, 'admin');
        const { project, viewer } = target;
        const key = compileKey(project.id, viewer.user.id);
        const counts = await compiles.run(reply, key, async () => {
          const read = await readRulesCsvOffThread(request.body.csv);
          await replaceRules(project.id, read.json, viewer.user.username);
          return read.counts;
        });
        await audit(request, target, 'tagging_rules.import', placeTarget(target), {
          rules: counts,
        });
        return ok({ rules: Object.values(counts).reduce((sum, count) => sum + count, 0) });
      },
    );
  });
}
