import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import {
  API_BASE,
  DEFAULT_RETENTION_DAYS,
  TAGS_API,
  TIMEOUT_MS,
  POST_CALLS,
  SYSTEM_CALLS,
  projectPath,
} from '@yuqing/core';
import { Access } from './auth/access.js';
import { WxLogin } from './auth/wx-login.js';
import type { Config } from './config.js';
import { frameworkMessageOf, statusOf } from './errors.js';
import { Refusal } from './refusals.js';
import { refuseHostileInput } from './http/hostile-input.js';
import { warnOfUntrustedForwarding } from './http/forwarded-warning.js';
import { clientErrorOfStore } from './http/store-errors.js';
import {
  EXPENSIVE_ROUTE_LIMITS,
  MODEL_ROUTE_LIMITS,
  RULE_COMPILE_LIMITS,
  RequestLimits,
  TAGGING_ROUTE_LIMITS,
  type RequestLimitOptions,
} from './http/request-limits.js';
import { registerOriginCheck } from './http/origin-check.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { useChineseValidationMessages } from './http/validation-messages.js';
import { adminAuditRoutes } from './routes/admin-audit.js';
import { adminLockoutRoutes } from './routes/admin-lockouts.js';
import { adminTenancyRoutes } from './routes/admin-tenancy.js';
import { adminUserRoutes } from './routes/admin-users.js';
import { ok, type RouteContext } from './routes/context.js';
import { route } from './routes/route.js';
import { createAudit } from './routes/audit.js';
import { EngineUnavailableError, type PostsEngine } from './engine/types.js';
import { DEMO_ASSET_PREFIX, demoAssetSvg } from './seed/demo/assets.js';
import type { PostImporter } from './ingest/importer.js';
import { postsRoutes } from './routes/posts.js';
import { importStatusRoutes } from './routes/import-status.js';
import { manageDraftRoutes } from './routes/manage-draft.js';
import { manageSysRoutes } from './routes/manage-sys.js';
import { manageTemplateRoutes } from './routes/manage-templates.js';
import { projectRoutes } from './routes/project.js';
import { projectDataRoutes } from './routes/project-data.js';
import { proxyRoutes } from './routes/proxy.js';
import { ImageProxy, MB, type ImageProxyOptions } from './proxy/image-proxy.js';
import { searchRoutes } from './routes/search.js';
import { pageDataRoutes } from './routes/page-data.js';
import { LoopTurns } from './http/loop-turns.js';
import { exportRoutes } from './routes/exports.js';
import { downloadJobKind } from './export/download-job.js';
import { ExportFiles } from './export/export-files.js';
import { Exports } from './export/exports.js';
import { Reports } from './export/reports.js';
import { reportImageRoutes } from './routes/report-images.js';
import { reportShareRoutes } from './routes/report-shares.js';
import { reportThemeRoutes } from './routes/report-themes.js';
import { reportRoutes } from './routes/reports.js';
import { AnswerCache } from './search/answer-cache.js';
import { sessionRoutes } from './routes/session.js';
import { gptRoutes } from './routes/gpt.js';
import { promptRoutes } from './routes/prompts.js';
import { alertRoutes } from './routes/alerts.js';
import { AlertChecker } from './alerts/checker.js';
import { alertCheckJobKind } from './alerts/alert-check-job.js';
import { ChatModel } from './llm/chat-model.js';
import { ReportSummaryWriter } from './llm/report-summary-writer.js';
import { aiReportSummaryRoutes } from './routes/ai-report-summary.js';
import { tagRoutes } from './routes/tags.js';
import { Tagger } from './tagging/tagger.js';
import { retagRoutes } from './routes/retag.js';
import { correctionRoutes } from './routes/corrections.js';
import { RetagJobs } from './retag/retag-jobs.js';
import { retagJobKind } from './retag/retag-job.js';
import { JobRunner } from './jobs/job-runner.js';
import { checkRouteAccess, declareRouteAccess } from './auth/route-access.js';
import { wxRoutes } from './routes/wx.js';
import { alertChannelRoutes } from './routes/alert-channels.js';
import { alertLinkBase, createAlertNotifier } from './alerts/delivery/alert-notifier.js';
import { ChannelVault } from './alerts/delivery/channel-vault.js';
import { alertDeliveryJobKind } from './alerts/delivery/delivery-job.js';
import { SecretBox } from './alerts/delivery/secret-box.js';
import { PUBLIC_DESTINATIONS, type Destinations } from './net/destination.js';
import { allowingNetworks } from './net/address.js';
import { ALERT_CHECK_GIVE_WAY, ForegroundWork } from './jobs/foreground-work.js';
import { givingWay } from './engine/giving-way.js';
import type { Store } from './store/index.js';
import { reportScheduleJobKind } from './schedules/schedule-job.js';
import { ReportSchedules } from './schedules/schedules.js';
import { reportSendJobKind } from './schedules/send-job.js';
import { scheduleRoutes } from './routes/schedules.js';

/** Builds the HTTP application; main.ts listens with it and tests call it through inject. */
export async function buildApp({
  config,
  store,
  engine,
  importer,
  imageProxy,
  alertDestinations = {
    ...PUBLIC_DESTINATIONS,
    policy: allowingNetworks(config.alertAllowedNetworks ?? []),
  },
  requestLimits = EXPENSIVE_ROUTE_LIMITS,
  model: modelOptions = {},
  logStream,
}: {
  config: Config;
  store: Store;
  engine: PostsEngine;
  importer: PostImporter;
  /** Image proxy settings over the config's; tests use it to allow a local upstream server. */
  imageProxy?: Partial<ImageProxyOptions>;
  /**
   * Where alert channels may send, over the config's (public addresses and
   * ALERT_ALLOWED_NETWORKS); tests allow their local receivers.
   */
  alertDestinations?: Destinations;
  /** Per-user limits of the routes that run searches; tests use small ones. */
  requestLimits?: RequestLimitOptions;
  /** The model call's time in all and the per-user limits of POST /gpt; tests use small ones. */
  model?: { timeoutMs?: number; limits?: RequestLimitOptions };
  /** Where the log is written (stdout unless given); tests read it. */
  logStream?: { write(line: string): void };
}) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      ...(logStream && { stream: logStream }),
    },
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustedProxies ?? false,
    // An address the router cannot decode never reaches the error handler.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply)
        .code(error.statusCode ?? 400)
        .send({ success: false, msg: frameworkMessageOf(error) ?? error.message });
    },
  }).withTypeProvider<ZodTypeProvider>();

  const routeAccess = declareRouteAccess(app);
  app.addHook('preValidation', refuseHostileInput);
  warnOfUntrustedForwarding(app, config.trustedProxies);
  useChineseValidationMessages();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const problems = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return `${field || error.validationContext || 'body'}: ${issue.message}`;
      });
      return reply.code(400).send({ success: false, msg: problems.join('; ') });
    }
    if (error instanceof Refusal) {
      return reply.code(statusOf(error)).send({
        success: false,
        msg: error.message,
        ...(error.data !== undefined && { data: error.data }),
      });
    }
    if (error.statusCode && error.statusCode < 500) {
      const msg = frameworkMessageOf(error, request.routeOptions.bodyLimit) ?? error.message;
      return reply.code(error.statusCode).send({ success: false, msg });
    }
    if (error instanceof EngineUnavailableError) {
      request.log.warn(error);
      return reply.code(503).send({ success: false, msg: error.message });
    }
    const refused = clientErrorOfStore(error);
    if (refused) {
      request.log.warn(error);
      return reply.code(refused.statusCode).send({ success: false, msg: refused.message });
    }
    request.log.error(error);
    return reply.code(500).send({ success: false, msg: 'server error!' });
  });

  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, config);
  registerOriginCheck(app, {
    publicUrl: config.publicUrl,
    fileRoutes: [`${API_BASE}${POST_CALLS.import.path}`, `${API_BASE}${TAGS_API.rulesCsv}`],
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Yuqing API', description: '舆情分析平台接口', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_BASE}/docs` });

  const access = new Access(store, config.cliToken);
  const wx = new WxLogin(config, store);
  const context: RouteContext = {
    config,
    store,
    access,
    engine,
    importer,
    audit: createAudit(store),
  };
  const images = new ImageProxy({
    cacheDir: config.dataDir === 'memory://' ? undefined : join(config.dataDir, 'proxy-cache'),
    ...(config.proxyCacheMb !== undefined && { cacheMaxBytes: config.proxyCacheMb * MB }),
    ...imageProxy,
  });
  checkRouteAccess(app, access);
  const foreground = new ForegroundWork();
  const expensive = new RequestLimits(requestLimits, foreground);
  const answers = new AnswerCache(() => engine.writeGeneration);
  const files = new ExportFiles(config.dataDir);
  const exports = new Exports({
    store,
    runner: { engine, answers },
    files,
    retentionDays: config.downloadRetentionDays ?? DEFAULT_RETENTION_DAYS,
  });
  const logError = (error: unknown, message: string) => app.log.error(error, message);
  const giveWayToUsers = () => foreground.giveWay(ALERT_CHECK_GIVE_WAY);
  const jobs = new JobRunner(store, { embedded: store.kind === 'pglite', logError });
  jobs.register(downloadJobKind({ store, exports, files, logError }));
  const reports = new Reports({ store, runner: { engine, answers }, exports });
  const chatModel =
    config.llm && new ChatModel(config.llm, modelOptions.timeoutMs ?? TIMEOUT_MS.gpt);
  const briefWriter = chatModel ? new ReportSummaryWriter(chatModel) : undefined;
  const modelLimits = new RequestLimits(modelOptions.limits ?? MODEL_ROUTE_LIMITS);
  const tagger = new Tagger(store);
  app.addHook('onClose', () => tagger.close());
  const taggingLimits = new RequestLimits(TAGGING_ROUTE_LIMITS);
  const compileLimits = new RequestLimits(RULE_COMPILE_LIMITS);
  jobs.register(retagJobKind({ engine, store }));
  const retagJobs = new RetagJobs(engine, store, () => jobs.wake('retag'));
  const alertVault =
    config.alertSecretKey && new ChannelVault(store, new SecretBox(config.alertSecretKey));
  if (alertVault) {
    jobs.register(
      alertDeliveryJobKind({ store, vault: alertVault, destinations: alertDestinations, logError }),
    );
  }
  const alertNotifier = createAlertNotifier(store, {
    baseUrl: alertLinkBase(config),
    wake: () => jobs.wake('alert-delivery'),
  });
  jobs.register(
    alertCheckJobKind({
      store,
      checker: new AlertChecker(store, givingWay(engine, giveWayToUsers), alertNotifier, logError),
      giveWay: giveWayToUsers,
      logError,
    }),
  );
  // Scheduled reports wait, before each run and each query, for the pages users wait on.
  const background = { engine: givingWay(engine, giveWayToUsers), answers };
  jobs.register(
    reportSendJobKind({
      store,
      reports: new Reports({ store, runner: background, exports }),
      files,
      runner: background,
      ...(briefWriter && { model: { writer: briefWriter, log: app.log } }),
      giveWay: giveWayToUsers,
      vault: alertVault || undefined,
      destinations: alertDestinations,
      baseUrl: alertLinkBase(config),
      logError,
    }),
  );
  jobs.register(reportScheduleJobKind({ store, wake: () => jobs.wake('report-send') }));
  const schedules = new ReportSchedules({ store, wake: () => jobs.wake('report-send') });
  app.addHook('onReady', async () => {
    // Parts a stopped process left are deleted before any download runs again.
    await files.removeParts();
    await jobs.start();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await files.close();
  });
  await app.register(
    async (api) => {
      sessionRoutes(api, context);
      projectRoutes(api, context, wx);
      wxRoutes(api, context, wx);
      // Answers of many viewers that resume together are written one per loop turn.
      const turns = new LoopTurns();
      searchRoutes(api, context, expensive, answers, turns);
      pageDataRoutes(api, context, expensive, answers, turns);
      exportRoutes(api, context, { exports, files, jobs, limits: expensive });
      reportRoutes(api, context, { reports, limits: expensive });
      reportImageRoutes(api, context);
      reportThemeRoutes(api, context);
      reportShareRoutes(api, context, { reports });
      projectDataRoutes(api, context);
      importStatusRoutes(api, context);
      manageDraftRoutes(api, context);
      manageTemplateRoutes(api, context);
      manageSysRoutes(api, context);
      adminLockoutRoutes(api, context);
      adminTenancyRoutes(api, context);
      adminUserRoutes(api, context);
      adminAuditRoutes(api, context);
      proxyRoutes(api, context, images);
      gptRoutes(api, context, { model: chatModel, limits: modelLimits });
      aiReportSummaryRoutes(api, context, {
        writer: briefWriter,
        runner: { engine, answers },
        limits: modelLimits,
      });
      promptRoutes(api, context, expensive);
      alertRoutes(api, context, expensive);
      tagRoutes(api, context, { tagger, tagging: taggingLimits, compiles: compileLimits });
      retagRoutes(api, context, retagJobs);
      correctionRoutes(api, context, expensive);
      alertChannelRoutes(api, context, alertVault, alertDestinations);
      scheduleRoutes(api, context, schedules);
      route(api, SYSTEM_CALLS.health, async () => ok({ status: 'ok' as const }));
      await postsRoutes(api, context);
    },
    { prefix: API_BASE },
  );

  if (config.themesDir) {
    await app.register(fastifyStatic, {
      root: config.themesDir,
      prefix: '/themes/',
      decorateReply: false,
    });
  }
  const briefing = await readFile(new URL('./seed/briefing.html', import.meta.url), 'utf8');
  app.get(
    `${DEMO_ASSET_PREFIX}/briefing.html`,
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => reply.type('text/html; charset=utf-8').send(briefing),
  );
  app.get(
    `${DEMO_ASSET_PREFIX}/*`,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const svg = demoAssetSvg(request.url.split('?')[0]!.slice(DEMO_ASSET_PREFIX.length));
      if (!svg) return reply.code(404).send({ success: false, msg: '图片不存在' });
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
    },
  );
  const indexHtml = await registerWeb(app, config.webDist);

  app.get(
    '/',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      const first = await store.tenancy.firstProject();
      if (!first) return reply.code(404).send({ success: false, msg: '尚未创建任何项目' });
      const path = projectPath({
        repository: first.repository,
        customer: first.customerCode,
        project: first.code,
      });
      return reply.redirect(path);
    },
  );

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(`${API_BASE}/`) || !indexHtml || request.method !== 'GET') {
      return reply
        .code(404)
        .send({ success: false, msg: `接口不存在: ${request.method} ${request.url}` });
    }
    return reply.type('text/html; charset=utf-8').send(indexHtml);
  });

  return Object.assign(app, { routeAccess, exportFiles: files, jobRunner: jobs });
}

/** Serves the built web app: its files as they are, index.html for every project path. */
async function registerWeb(app: FastifyInstance, webDist?: string) {
  if (!webDist || !existsSync(join(webDist, 'index.html'))) return undefined;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    wildcard: false,
    decorateReply: false,
    // The build writes .br and .gz copies of its text assets (web/vite-plugins/precompress.ts).
    preCompressed: true,
    setHeaders: (reply, path) => {
      // Vite names built assets by content hash, so they never change.
      if (path.includes('/assets/')) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  return readFile(join(webDist, 'index.html'), 'utf8');
}
