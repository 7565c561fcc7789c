import { RULES_RELOADED, TAG_CALLS, TAG_RULES_CSV_MAX_CHARS, tagRules } from '@yuqing/core';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { attachment } from '../export/export-files.js';
import type { RequestLimits } from '../http/request-limits.js';
import { readTextBody } from '../http/text-body.js';
import { readRulesCsvOffThread, writeRulesCsvOffThread } from '../tagging/rules-csv.js';
import type { Tagger } from '../tagging/tagger.js';
import { placeTarget } from './audit.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

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
  { store, audit }: RouteContext,
  { tagger, tagging, compiles }: TagRouteOptions,
) {
  const replaceRules = async (projectId: string, json: string, updatedBy: string) => {
    const version = await store.taggingRules.replaceText(projectId, json, updatedBy);
    await tagger.replaced(projectId, version, json);
  };
  const compileKey = (projectId: string, userId: string) => `${projectId}/${userId}`;

  route(api, TAG_CALLS.reloadRules, async ({ request, reply, member }) => {
    const { project, viewer } = member;
    return compiles.run(reply, compileKey(project.id, viewer.user.id), async () => {
      await tagger.reload(project.id);
      await audit(request, member, 'tagging_rules.reload', placeTarget(member));
      return { success: true, msg: RULES_RELOADED, data: null };
    });
  });

  route(api, TAG_CALLS.tagsNew, async ({ reply, member: { project, viewer }, body }) => {
    const answer = await tagging.run(reply, viewer.user.id, () => tagger.tagsNew(project.id, body));
    return sendJson(reply, answer);
  });

  route(api, TAG_CALLS.kg2, async ({ reply, member: { project, viewer }, body }) => {
    const answer = await tagging.run(reply, viewer.user.id, () => tagger.kg2(project.id, body));
    return sendJson(reply, answer);
  });

  route(api, TAG_CALLS.rules, async ({ member }) => {
    const stored = await store.taggingRules.get(member.project.id);
    return ok(stored ?? { rules: tagRules.parse({}), updatedAt: null, updatedBy: null });
  });

  route(
    api,
    TAG_CALLS.replaceRules,
    async ({ request, reply, member, body }) => {
      const { project, viewer } = member;
      await compiles.run(reply, compileKey(project.id, viewer.user.id), () =>
        replaceRules(project.id, JSON.stringify(body), viewer.user.username),
      );
      await audit(request, member, 'tagging_rules.replace', placeTarget(member), {
        rules: ruleCounts(body),
      });
      return ok(null);
    },
    { bodyLimit: RULES_BODY_LIMIT },
  );

  route(api, TAG_CALLS.rulesCsv, async ({ reply, member: { project } }) => {
    const stored = await store.taggingRules.getText(project.id);
    const csv = await writeRulesCsvOffThread(stored?.text ?? JSON.stringify(tagRules.parse({})));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment(`${project.code}-标注规则.csv`))
      .header('cache-control', 'no-store')
      .send(csv);
  });

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
    route(
      scope,
      TAG_CALLS.importRulesCsv,
      async ({ request, reply, member, body }) => {
        const { project, viewer } = member;
        const key = compileKey(project.id, viewer.user.id);
        const counts = await compiles.run(reply, key, async () => {
          const read = await readRulesCsvOffThread(body.csv);
          await replaceRules(project.id, read.json, viewer.user.username);
          return read.counts;
        });
        await audit(request, member, 'tagging_rules.import', placeTarget(member), {
          rules: counts,
        });
        return ok({ rules: Object.values(counts).reduce((sum, count) => sum + count, 0) });
      },
      { bodyLimit: CSV_JSON_BODY_LIMIT },
    );
  });
}
