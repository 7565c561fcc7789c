import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@yuqing/core';
import { openTestApp, scopeQuery, signIn, type TestApp } from '../../test/app.js';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fake-openai.js';
import { HEALTH_HOLD_LIMIT_MS, healthGapsOf, heldMs } from '../../test/health-prober.js';
import {
  hostileReportImages,
  hostileRulesCsvs,
  hostileXlsxFiles,
  type HostileFile,
} from '../../test/hostile-files.js';
import { hostileEvaluationCsvs } from '../../test/hostile-eval-csvs.js';
import { dataUrl, hostileTemplateFiles } from '../../test/template-files.js';
import {
  HOSTILE_SAMPLES,
  arbitraryOf,
  hostileString,
  validOf,
  type JsonSchema,
} from '../../test/json-schema-arbitrary.js';

/** Random requests per route. */
const RUNS = 30;
/** A guard for slow machines, not a measure: these tests make a few thousand requests. */
const LONG_TEST = 180_000;
/** Imports of random CSV text: each is a whole import. */
const IMPORT_RUNS = 8;
/**
 * Parts of hostile templates and rules CSV files, in characters: the uploads' own tests send the
 * largest (export-templates.test.ts, tags-load.test.ts); here, every kind of each, smaller.
 */
const HOSTILE_FILE_CHARS = 256 * 1024;
/** Fields per route a sweep puts each kind of hostile value in, shallow ones first. */
const SWEPT_FIELDS = 16;

/** API routes the OpenAPI document leaves out, so nothing here is fuzzed; each with its reason. */
const NOT_FUZZED: Record<string, string> = {
  [`GET ${API_BASE}/docs`]: "Swagger UI's own page: it takes no input",
  [`GET ${API_BASE}/docs/`]: "Swagger UI's own page: it takes no input",
  [`GET ${API_BASE}/docs/static/index.html`]: "Swagger UI's own file: it takes no input",
  [`GET ${API_BASE}/docs/static/swagger-initializer.js`]: "Swagger UI's own file: no input",
  [`GET ${API_BASE}/docs/*`]: "Swagger UI's own files: the path only names a file",
  [`GET ${API_BASE}/docs/json`]: 'the OpenAPI document itself: it takes no input',
  [`GET ${API_BASE}/docs/yaml`]: 'the OpenAPI document itself: it takes no input',
  [`GET ${API_BASE}/wx/callback.js`]: "the WeChat callback page's own script: it takes no input",
};

/** Routes fuzzed in a way of their own, with the reason. */
const CALLED_APART: Record<string, string> = {
  [`POST ${API_BASE}/logout`]: 'ends the session it is called with, so it gets one of its own',
  [`POST ${API_BASE}/posts/import`]:
    'takes CSV, JSONL or multipart, not JSON: fuzzed with CSV text, fewer runs since every call is an import',
};

interface RequestParts {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body: unknown;
}

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** `METHOD /path` of every route the app serves under the API base, HEAD aside. */
function servedRoutes(app: TestApp): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─ ]*?)(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const level = [...match[1]!].length / 4;
    stack.length = level;
    stack.push(match[2]!);
    const path = stack.join('');
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD' && path.startsWith(`${API_BASE}/`)) routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

type Path = (string | number)[];

/** Paths of a value and all its parts, shallow ones first: where a sweep puts hostile values. */
function partPaths(value: unknown): Path[] {
  const paths: Path[] = [];
  const pending: { value: unknown; path: Path }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: current, path } = pending.shift()!;
    paths.push(path);
    const entries = typeof current === 'object' && current !== null ? Object.entries(current) : [];
    for (const [key, item] of entries) pending.push({ value: item, path: [...path, key] });
  }
  return paths;
}

function withValueAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path;
  const copy = Array.isArray(value) ? [...value] : { ...(value as object) };
  (copy as Record<string, unknown>)[key!] = withValueAt(
    (value as Record<string, unknown>)[key!],
    rest,
    replacement,
  );
  return copy;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A value as URL text; an unpaired surrogate cannot be percent-encoded, so it becomes U+FFFD. */
const asPathValue = (value: unknown) =>
  (typeof value === 'object' ? JSON.stringify(value) : String(value)).replace(
    LONE_SURROGATE,
    '\ufffd',
  );

const isScalar = (value: unknown) => typeof value !== 'object' || value === null;

function asQueryValue(value: unknown): string | string[] {
  return Array.isArray(value) ? value.map(asPathValue) : asPathValue(value);
}

describe('every API route answers hostile input without a 500', () => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let cookie: string;
  let operations: Map<string, Operation>;
  let model: FakeOpenAi;

  beforeAll(async () => {
    // A configured model, so POST /gpt answers past its configuration check; a key, so the
    // alert channel routes answer past theirs.
    model = await startFakeOpenAi(() => ({ content: '好' }));
    ctx = await openTestApp('pglite', {
      llm: { baseUrl: model.url, apiKey: 'fuzz', models: { gpt3: 'fuzz-3', gpt4: 'fuzz-4' } },
      alertSecretKey: randomBytes(32),
    });
    project = await buildProject(ctx.store);
    await ctx.store.tenancy.createSubject({
      id: 'launch',
      projectId: project.id,
      name: '新品发布',
      tendencies: ['正面'],
    });
    const superAdmin = await buildUser(ctx.store, { superAdmin: true });
    cookie = (await signIn(ctx.app, superAdmin)).cookie;
    await ctx.app.ready();
    const document = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    operations = new Map(
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => [
          `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
          operation,
        ]),
      ),
    );
  });
  afterAll(async () => {
    await ctx.close();
    await model.close();
  });

  it('knows every route: fuzzed from its schema, or listed with a reason', () => {
    const served = servedRoutes(ctx.app);
    expect(served.length).toBeGreaterThan(20);
    const unknown = served.filter((route) => !operations.has(route) && !(route in NOT_FUZZED));
    expect(unknown).toEqual([]);
  });

  /**
   * A route's query. Random requests name the project's own scope (or its subject) mostly, so
   * they reach past the scope check; a sweep's valid request names the project itself.
   */
  function queryOf(operation: Operation, valueOf = arbitraryOf) {
    const random = valueOf === arbitraryOf;
    const scope: Record<string, string> = random
      ? { ...scopeQuery(project), subject_id: 'launch' }
      : scopeQuery(project);
    const fields = Object.fromEntries(
      (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => {
          const own = scope[parameter.name];
          const generated = valueOf(parameter.schema).map(asQueryValue);
          if (own !== undefined && !random) return [parameter.name, fc.constant(own)];
          const value =
            own === undefined
              ? generated
              : fc.oneof({ weight: 6, arbitrary: fc.constant(own) }, generated);
          return [
            parameter.name,
            parameter.required ? value : fc.option(value, { nil: undefined }),
          ];
        }),
    );
    return fc
      .record(fields)
      .map((query) =>
        Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)),
      ) as fc.Arbitrary<Record<string, string | string[]>>;
  }

  /** A route's path parameters (`:id`), from their schemas. */
  function paramsOf(operation: Operation, valueOf = arbitraryOf) {
    const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
    return fc.record(
      Object.fromEntries(
        parameters.map((parameter) => [parameter.name, valueOf(parameter.schema).map(asPathValue)]),
      ),
    ) as fc.Arbitrary<Record<string, string>>;
  }

  function partsOf(route: string, operation: Operation, valueOf = arbitraryOf) {
    const schema = operation.requestBody?.content['application/json']?.schema;
    const body = schema
      ? valueOf(schema)
      : route.startsWith('POST ')
        ? fc.option(valueOf({}), { nil: undefined })
        : fc.constant(undefined);
    return fc.record({
      params: paramsOf(operation, valueOf),
      query: queryOf(operation, valueOf),
      body,
    });
  }

  function injected(route: string, { params, query, body }: RequestParts): InjectOptions {
    const [method, url] = route.split(' ') as ['GET' | 'POST' | 'DELETE', string];
    return {
      method,
      url: url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!)),
      query,
      headers: {
        cookie,
        'sec-fetch-site': 'same-origin',
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    };
  }

  const requestOf = (route: string, operation: Operation) =>
    partsOf(route, operation).map((parts) => injected(route, parts));

  /** Calls that held /health past the limit each time they were made, with what they held. */
  const held: string[] = [];

  /**
   * Makes a call, refusing a 500, while /health is called over and over: a call that holds the
   * server's thread past the limit is made again (twice at most, see `healthGapsOf`), and noted
   * in `held` if it did each time.
   */
  /** The answer to `request`, refused if it is a server error; /health is probed meanwhile. */
  async function answerOf(request: InjectOptions) {
    let response: Awaited<ReturnType<typeof ctx.app.inject>> | undefined;
    const gaps = await healthGapsOf(ctx.app, async () => {
      response = await ctx.app.inject(request);
    });
    if (heldMs(gaps) > HEALTH_HOLD_LIMIT_MS)
      held.push(`${request.method} ${String(request.url)}: ${gaps.join(', ')} ms`);
    if (response!.statusCode >= 500) {
      const shown = JSON.stringify(request).slice(0, 2000);
      throw new Error(`${response!.statusCode} ${response!.body.slice(0, 500)} for ${shown}`);
    }
    return response!;
  }

  async function expectNoServerError(request: InjectOptions): Promise<void> {
    await answerOf(request);
  }

  it(
    'fuzzes each route from its own schema',
    async () => {
      const failures: string[] = [];
      for (const [route, operation] of operations) {
        if (route in CALLED_APART) continue;
        const run = await fc.check(
          fc.asyncProperty(requestOf(route, operation), expectNoServerError),
          { numRuns: RUNS, endOnFailure: true },
        );
        if (run.failed) failures.push(`${route}: ${fc.defaultReportMessage(run)}`);
      }
      expect(failures).toEqual([]);
    },
    LONG_TEST,
  );

  it(
    'sweeps one hostile value of each kind through the fields of a valid request',
    async () => {
      const failures: string[] = [];
      for (const [route, operation] of operations) {
        if (route in CALLED_APART) continue;
        const [valid] = fc.sample(partsOf(route, operation, validOf), { numRuns: 1, seed: 11 });
        const named = (operation.parameters ?? []).map((parameter) => [
          parameter.in === 'path' ? 'params' : 'query',
          parameter.name,
        ]);
        const inBody = valid!.body === undefined ? [] : partPaths(valid!.body);
        const fields = [...named, ...inBody.map((path) => ['body', ...path])];
        for (const [part, ...path] of fields.slice(0, SWEPT_FIELDS) as [
          keyof RequestParts,
          ...Path,
        ][]) {
          // A URL carries text: deep nesting only in bodies.
          const samples = part === 'body' ? HOSTILE_SAMPLES : HOSTILE_SAMPLES.filter(isScalar);
          for (const hostile of samples) {
            const value = part === 'body' ? hostile : asPathValue(hostile);
            const parts = { ...valid!, [part]: withValueAt(valid![part], path, value) };
            try {
              await expectNoServerError(injected(route, parts as RequestParts));
            } catch (error) {
              failures.push(`${route} ${[part, ...path].join('.')}: ${(error as Error).message}`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
    },
    LONG_TEST,
  );

  it('fuzzes logout with a session of its own', async () => {
    const route = `POST ${API_BASE}/logout`;
    const own = await signIn(ctx.app, await buildUser(ctx.store));
    await fc.assert(
      fc.asyncProperty(requestOf(route, operations.get(route)!), (request) =>
        expectNoServerError({ ...request, headers: { ...request.headers, cookie: own.cookie } }),
      ),
      { numRuns: RUNS, endOnFailure: true },
    );
  });

  it('fuzzes the import with CSV text', async () => {
    const route = `POST ${API_BASE}/posts/import`;
    const cell = fc.oneof(
      fc.string({ maxLength: 8 }),
      hostileString.map((s) => s.slice(0, 100)),
    );
    const csv = fc
      .array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 })
      .map((rows) => rows.map((row) => row.join(',')).join('\n'));
    await fc.assert(
      fc.asyncProperty(requestOf(route, operations.get(route)!), csv, (request, text) =>
        expectNoServerError({
          ...request,
          headers: { ...request.headers, 'content-type': 'text/csv' },
          payload: text,
        }),
      ),
      { numRuns: IMPORT_RUNS, endOnFailure: true },
    );
  });

  it('imports hostile xlsx files: each refused with 400 naming the file or its bad row, none held /health', async () => {
    const answers: string[] = [];
    const expected: string[] = [];
    for (const { name, file, refused } of await hostileXlsxFiles()) {
      const boundary = 'hostile-xlsx';
      const response = await answerOf({
        method: 'POST',
        url: `${API_BASE}/posts/import`,
        query: scopeQuery(project),
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\n`,
          ),
          file,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      const { msg, data } = response.json();
      answers.push(`${name}: ${response.statusCode} ${refused ? msg.slice(0, 6) : data.rejected}`);
      expected.push(`${name}: ${refused ? '400 xlsx: ' : '200 1'}`);
    }
    expect(answers).toEqual(expected);
  });

  const RULES_CSV = `PUT ${API_BASE}/tags-api/rules/csv`;
  /** Every route that takes a file, and the hostile files it is sent. */
  const UPLOADS: Record<string, () => Promise<HostileFile[]> | HostileFile[]> = {
    [`POST ${API_BASE}/customlay/tmpls/:repository/:customer/:project`]: () =>
      templateUploads('pptx'),
    [`POST ${API_BASE}/api/r11zt/tmpls/:repository/:customer/:project`]: () =>
      templateUploads('docx'),
    [`POST ${API_BASE}/report/imgs`]: hostileReportImages,
    [RULES_CSV]: () => hostileRulesCsvs(HOSTILE_FILE_CHARS),
    [`POST ${API_BASE}/posts/sentiment_eval`]: () => hostileEvaluationCsvs(),
  };
  const templateUploads = async (kind: 'pptx' | 'docx') =>
    (await hostileTemplateFiles(kind, HOSTILE_FILE_CHARS)).map(({ name, file }) => ({
      name,
      body: { name, data: dataUrl(file) },
    }));

  it('knows every upload: each route that takes a file (data, csv) is sent hostile files', () => {
    const takesFile = [...operations]
      .filter(([, operation]) => {
        const body = operation.requestBody?.content['application/json']?.schema;
        const properties = (body as { properties?: Record<string, unknown> } | undefined)
          ?.properties;
        return properties !== undefined && ('data' in properties || 'csv' in properties);
      })
      .map(([route]) => route);
    expect(takesFile.sort()).toEqual(Object.keys(UPLOADS).sort());
  });

  it(
    'uploads hostile files to every upload route',
    async () => {
      const failures: string[] = [];
      for (const [route, filesOf] of Object.entries(UPLOADS)) {
        const [method, url] = route.split(' ') as ['POST' | 'PUT', string];
        for (const { name, body } of await filesOf()) {
          const path = url.replace(/:(\w+)/g, (_, part: 'repository' | 'customer' | 'project') =>
            encodeURIComponent(project[part]),
          );
          // A rules file goes as the web sends it, text/csv; the others as JSON.
          const csv = route === RULES_CSV ? (body as { csv: string }).csv : undefined;
          try {
            await expectNoServerError({
              method,
              url: path,
              query: url.includes(':project') ? {} : scopeQuery(project),
              headers: {
                cookie,
                'sec-fetch-site': 'same-origin',
                ...(csv !== undefined && { 'content-type': 'text/csv; charset=utf-8' }),
              },
              payload: csv ?? body,
            });
          } catch (error) {
            failures.push(`${route} ${name}: ${(error as Error).message.slice(0, 300)}`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
    LONG_TEST,
  );

  // Last: every call above, of every route, by a super admin and a session of its own.
  it('held /health past 100 ms in no call (issue 24)', () => {
    expect(held).toEqual([]);
  });
});
