import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  CORRECTIONS_API,
  CORRECTION_FIELDS,
  SENTIMENT_EVAL_MAX_BYTES,
  SENTIMENT_EVAL_SAMPLE,
  envelope,
  postCorrectionAnswer,
  postCorrectionRequest,
  projectScope,
  sentimentEvalRequest,
  sentimentEvaluation,
} from '@yuqing/core';
import { correctionsCsv } from '../corrections/corrections-csv.js';
import { correctPost } from '../corrections/corrections.js';
import { evaluateSentiments, readEvaluationCsv } from '../corrections/sentiment-eval.js';
import { attachment } from '../export/export-files.js';
import type { RequestLimits } from '../http/request-limits.js';
import { placeTarget } from './audit.js';
import { ok, type Api, type RouteContext } from './context.js';

/** An evaluation CSV as a JSON string: escapes may take up to six characters a byte. */
const EVAL_BODY_LIMIT = SENTIMENT_EVAL_MAX_BYTES * 6 + 64 * 1024;

/**
 * Corrections of posts and the sentiment evaluation (issue 25). Any member of the project (the
 * spec's analysts, role viewer, and its admins) corrects a post's sentiment or clears its duplicate
 * mark, each audited; project admins export the corrections and evaluate the machine (数据管理).
 */
export function correctionRoutes(
  api: Api,
  { access, audit, engine, store }: RouteContext,
  limits: RequestLimits,
) {
  api.post(
    CORRECTIONS_API.correct,
    {
      config: { access: 'project-member' },
      schema: {
        summary: "Corrects a post's sentiment, or clears its duplicate mark (members)",
        description:
          'Stored with who and when, and set on the stored post at once, so every widget counts ' +
          'it; it survives a re-import of the post and a re-tag.',
        tags: ['posts'],
        querystring: projectScope,
        body: postCorrectionRequest,
        response: { 200: envelope(postCorrectionAnswer) },
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query);
      const { project, viewer } = target;
      const scope = { projectId: project.id, timeZone: project.profile.timezone };
      const { answer, before } = await correctPost(store, engine, scope, request.body, {
        id: viewer.user.id,
        username: viewer.user.username,
      });
      const { correction } = answer;
      await audit(
        request,
        target,
        correction.field === 'sentiment' ? 'post.correct_sentiment' : 'post.clear_duplicate',
        { type: 'post', id: correction.postId, name: postName(before) },
        correction.field === 'sentiment'
          ? { tendency: { from: before.tendency, to: correction.personValue } }
          : { water_post: { from: before.water_post, to: correction.personValue } },
      );
      return ok(answer);
    },
  );

  api.get(
    CORRECTIONS_API.csv,
    {
      config: { access: 'project-admin' },
      schema: {
        summary: "The project's corrections as a labelled CSV file (project admins)",
        description:
          'Columns 文本, 标签, 帖子ID, 机器判断, 修改人, 修改时间; the sentiment corrections unless ' +
          '`field=duplicate`. Cells a spreadsheet would run as formulas start with an apostrophe.',
        tags: ['posts'],
        querystring: projectScope.extend({
          field: z.enum(CORRECTION_FIELDS).default('sentiment'),
        }),
      },
    },
    async (request, reply) => {
      const { field, ...scope } = request.query;
      const target = await access.requireProject(request, reply, scope, 'admin');
      const { project } = target;
      await audit(request, target, 'corrections.export', placeTarget(target), { field });
      const name = field === 'sentiment' ? '人工修改-情感' : '人工修改-重复标记';
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${project.code}-${name}.csv`))
        .header('cache-control', 'no-store')
        .send(Readable.from(correctionsCsv(store, project.id, field, project.profile.timezone)));
    },
  );

  api.post(
    CORRECTIONS_API.evaluate,
    {
      config: { access: 'project-admin' },
      bodyLimit: EVAL_BODY_LIMIT,
      schema: {
        summary: 'Evaluates the sentiment model on a labelled CSV (project admins)',
        description:
          'The CSV (UTF-8, with or without BOM): a header naming 文本 (text) and 标签 (label), then ' +
          'a text and its label 正面, 中性 or 负面 per row. A bad row is a 400 naming its line.',
        tags: ['posts'],
        querystring: projectScope,
        body: sentimentEvalRequest,
        response: { 200: envelope(sentimentEvaluation) },
      },
    },
    async (request, reply) => {
      const { viewer } = await access.requireProject(request, reply, request.query, 'admin');
      const texts = await readEvaluationCsv(request.body.csv);
      return limits.run(reply, viewer.user.id, async () =>
        ok(await evaluateSentiments('upload', texts)),
      );
    },
  );

  api.get(
    CORRECTIONS_API.evaluateCorrected,
    {
      config: { access: 'project-admin' },
      schema: {
        summary: "Evaluates the sentiment model on the project's corrected posts (project admins)",
        description: `A sample of at most ${SENTIMENT_EVAL_SAMPLE} sentiment corrections: the machine's answer on each post's text against the person's label.`,
        tags: ['posts'],
        querystring: projectScope,
        response: { 200: envelope(sentimentEvaluation) },
      },
    },
    async (request, reply) => {
      const { viewer, project } = await access.requireProject(
        request,
        reply,
        request.query,
        'admin',
      );
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
    },
  );
}

/** A post as an audit entry names it: its title, else the start of its text. */
const postName = (post: { title: string; text: string; body: string; _id: string }) =>
  (post.title || post.text || post.body || post._id).slice(0, 60);
