import { Readable } from 'node:stream';
import { CORRECTION_CALLS, SENTIMENT_EVAL_MAX_BYTES, SENTIMENT_EVAL_SAMPLE } from '@yuqing/core';
import { correctionsCsv } from '../corrections/corrections-csv.js';
import { correctPost } from '../corrections/corrections.js';
import { evaluateSentiments, readEvaluationCsv } from '../corrections/sentiment-eval.js';
import { attachment } from '../export/export-files.js';
import type { RequestLimits } from '../http/request-limits.js';
import { placeTarget } from './audit.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

/** An evaluation CSV as a JSON string: escapes may take up to six characters a byte. */
const EVAL_BODY_LIMIT = SENTIMENT_EVAL_MAX_BYTES * 6 + 64 * 1024;

/**
 * Corrections of posts and the sentiment evaluation (issue 25). Any member of the project (the
 * spec's analysts, role viewer, and its admins) corrects a post's sentiment or clears its duplicate
 * mark, each audited; project admins export the corrections and evaluate the machine (数据管理).
 */
export function correctionRoutes(
  api: Api,
  { audit, engine, store }: RouteContext,
  limits: RequestLimits,
) {
  route(api, CORRECTION_CALLS.correct, async ({ request, member, body }) => {
    const { project, viewer } = member;
    const scope = { projectId: project.id, timeZone: project.profile.timezone };
    const { answer, before } = await correctPost(store, engine, scope, body, {
      id: viewer.user.id,
      username: viewer.user.username,
    });
    const { correction } = answer;
    await audit(
      request,
      member,
      correction.field === 'sentiment' ? 'post.correct_sentiment' : 'post.clear_duplicate',
      { type: 'post', id: correction.postId, name: postName(before) },
      correction.field === 'sentiment'
        ? { tendency: { from: before.tendency, to: correction.personValue } }
        : { water_post: { from: before.water_post, to: correction.personValue } },
    );
    return ok(answer);
  });

  route(api, CORRECTION_CALLS.csv, async ({ request, reply, member, query: { field } }) => {
    const { project } = member;
    await audit(request, member, 'corrections.export', placeTarget(member), { field });
    const name = field === 'sentiment' ? '人工修改-情感' : '人工修改-重复标记';
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment(`${project.code}-${name}.csv`))
      .header('cache-control', 'no-store')
      .send(Readable.from(correctionsCsv(store, project.id, field, project.profile.timezone)));
  });

  route(
    api,
    CORRECTION_CALLS.evaluate,
    async ({ reply, member: { viewer }, body }) => {
      const texts = await readEvaluationCsv(body.csv);
      return limits.run(reply, viewer.user.id, async () =>
        ok(await evaluateSentiments('upload', texts)),
      );
    },
    { bodyLimit: EVAL_BODY_LIMIT },
  );

  route(api, CORRECTION_CALLS.evaluateCorrected, async ({ reply, member }) => {
    const { viewer, project } = member;
    const sample = await store.postCorrections.sentimentSample(project.id, SENTIMENT_EVAL_SAMPLE);
    return limits.run(reply, viewer.user.id, async () =>
      ok(
        await evaluateSentiments(
          'corrections',
          sample.map((correction) => ({
            postId: correction.postId,
            text: correction.postText,
            label: correction.personValue as '正面' | '中性' | '负面',
          })),
        ),
      ),
    );
  });
}

/** A post as an audit entry names it: its title, else the start of its text. */
const postName = (post: { title: string; text: string; body: string; _id: string }) =>
  (post.title || post.text || post.body || post._id).slice(0, 60);
