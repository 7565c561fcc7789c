import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { POST_CALLS, valueLabels } from '@yuqing/core';
import { reapplyCorrections } from '../corrections/corrections.js';
import { badRequest } from '../errors.js';
import { ImportRejected } from '../ingest/importer.js';
import { MalformedInput, type ImportFormat } from '../ingest/read-records.js';
import { placeTarget } from './audit.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

const FORMATS: Record<string, ImportFormat> = {
  'application/x-ndjson': 'ndjson',
  'application/jsonl': 'ndjson',
  'text/csv': 'csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

function formatOf(mimetype: string, filename = ''): ImportFormat {
  const byType = FORMATS[mimetype.split(';')[0]!.trim().toLowerCase()];
  if (byType) return byType;
  if (/\.(jsonl|ndjson)$/i.test(filename)) return 'ndjson';
  if (/\.csv$/i.test(filename)) return 'csv';
  if (/\.xlsx$/i.test(filename)) return 'xlsx';
  throw badRequest(
    'content-type: 只支持 JSONL (application/x-ndjson)、CSV (text/csv) 或 Excel xlsx',
  );
}

/** The one uploaded file of a multipart body; a body busboy cannot read is the sender's fault. */
async function uploadedFile(request: FastifyRequest) {
  let file: MultipartFile | undefined;
  try {
    file = await request.file();
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw badRequest('file: 无法读取上传的文件，multipart 请求体缺少 boundary 或不完整');
  }
  if (!file) throw badRequest('file: 请上传一个文件');
  return file;
}

export async function postsRoutes(
  api: Api,
  { access, importer, store, audit, engine }: RouteContext,
) {
  // The file streams through as it arrives: the body is never held in memory whole.
  api.addContentTypeParser(Object.keys(FORMATS), (_request, payload, done) => done(null, payload));
  await api.register(fastifyMultipart, { limits: { files: 1, fileSize: 64 * 1024 ** 3 } });

  route(api, POST_CALLS.import, async ({ request, query, member }) => {
    const { strict, ...scope } = query;
    // The import command on this machine names its project without a session.
    const target = member ?? { viewer: undefined, ...(await access.findProject(scope)) };
    const { project } = target;
    let input: Readable;
    let format: ImportFormat;
    let fileName: string | undefined;
    if (request.isMultipart()) {
      const file = await uploadedFile(request);
      input = file.file;
      format = formatOf(file.mimetype, file.filename);
      fileName = file.filename;
    } else {
      input = request.body as Readable;
      format = formatOf(request.headers['content-type'] ?? '');
    }
    const started = performance.now();
    try {
      const report = await importer.importStream(
        {
          projectId: project.id,
          timeZone: project.profile.timezone,
          discardWords: project.profile.discard_word,
          labels: valueLabels(project.profile),
          tagRules: await store.taggingRules.get(project.id),
        },
        input,
        format,
        { strict: strict === 'true' },
      );
      // A re-imported post comes with the machine's values: people's corrections win again.
      await reapplyCorrections(store, engine, {
        projectId: project.id,
        timeZone: project.profile.timezone,
      });
      const { imported, replaced, rejected } = report;
      await audit(request, target, 'posts.import', placeTarget(target), {
        ...(fileName && { file: fileName }),
        format,
        strict: strict === 'true',
        imported,
        replaced,
        rejected,
      });
      return ok({ ...report, took: Math.round(performance.now() - started) });
    } catch (error) {
      if (error instanceof ImportRejected || error instanceof MalformedInput) {
        throw badRequest(error.message);
      }
      // The upload itself failed (cut off, or multipart that ends early): the sender's fault.
      if (input.errored) throw badRequest('file: 上传的内容不完整或格式错误，请重新上传');
      throw error;
    }
  });
}
