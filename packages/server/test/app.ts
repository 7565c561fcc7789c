import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.js';
import { md5Hex } from '../src/auth/tokens.js';
import type { Config } from '../src/config.js';
import { PostImporter } from '../src/ingest/importer.js';
import type { Store } from '../src/store/index.js';
import { openTestEngineOf, type OpenedEngine, type TestEngineKind } from './engines.js';
import type { BuiltProject } from './factories.js';
import { openTestStore, type TestStoreKind } from './stores.js';

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: 'memory://',
  demoPosts: 0,
  logLevel: 'silent',
  postsMemoryMb: 1024,
  backgroundNice: 0,
  ...overrides,
});

export async function openTestApp(
  kind: TestStoreKind,
  overrides: Partial<Config> = {},
  options: Pick<
    Parameters<typeof buildApp>[0],
    'imageProxy' | 'alertDestinations' | 'requestLimits' | 'model' | 'logStream'
  > & {
    /** A kind of test engine, or an engine opened by the test (closed with the app). */
    engine?: TestEngineKind | OpenedEngine;
  } = {},
) {
  const { engine: engineOption = 'duckdb', ...appOptions } = options;
  const store: Store = await openTestStore(kind);
  const opened =
    typeof engineOption === 'string' ? await openTestEngineOf(engineOption) : engineOption;
  const engine = opened.engine;
  const importer = new PostImporter(engine);
  const app = await buildApp({
    config: testConfig(overrides),
    store,
    engine,
    importer,
    ...appOptions,
  });
  return {
    app,
    store,
    engine,
    importer,
    async close() {
      await app.close();
      await importer.close();
      await opened.close();
      await store.close();
    },
  };
}

export function scopeQuery(project: BuiltProject, subjectId?: string) {
  const query: Record<string, string> = {
    repository: project.repository,
    customer: project.customer,
    project: project.project,
  };
  if (subjectId) query.subject_id = subjectId;
  return query;
}

/** The session cookie a response set, as a request header value. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'token');
  if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `token=${cookie.value}`;
}

export async function signIn(
  app: TestApp,
  user: { username: string; password: string },
  project?: BuiltProject,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    query: project && scopeQuery(project),
    payload: {
      username: user.username,
      password: md5Hex(user.password),
      customer: { code: project?.customer ?? 'x', name: '' },
      timestamp: Date.now(),
    },
  });
  return { response, cookie: response.statusCode === 200 ? sessionCookie(response) : '' };
}

/**
 * A caller of `/api/v1` routes of `project`: method, path (without /api/v1), the session cookie
 * ('' for none), and optionally a body and a query other than the project's scope.
 */
export function projectCaller(app: TestApp, project: BuiltProject) {
  return (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    cookie: string,
    options: { payload?: object; query?: Record<string, string> } = {},
  ) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      query: options.query ?? scopeQuery(project),
      headers: cookie ? { cookie } : {},
      ...(options.payload && { payload: options.payload }),
    });
}
