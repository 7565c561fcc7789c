import { REQUEST_FIELD_LABELS } from '@yuqing/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.js';

interface JsonSchema {
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  prefixItems?: JsonSchema[];
}

interface Operation {
  parameters?: { name: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** The name of every field a route's query, path and body may hold, at any depth. */
function requestFields(operation: Operation, components: Record<string, JsonSchema>): Set<string> {
  const fields = new Set<string>();
  const seen = new Set<JsonSchema>();
  const walk = (schema: JsonSchema | boolean | undefined) => {
    if (!schema || schema === true || seen.has(schema)) return;
    seen.add(schema);
    if (schema.$ref) walk(components[schema.$ref.split('/').at(-1)!]);
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      fields.add(name);
      walk(property);
    }
    for (const item of [schema.items ?? []].flat()) walk(item);
    walk(schema.additionalProperties);
    for (const list of [schema.anyOf, schema.oneOf, schema.allOf, schema.prefixItems])
      for (const item of list ?? []) walk(item);
  };
  for (const parameter of operation.parameters ?? []) {
    fields.add(parameter.name);
    walk(parameter.schema);
  }
  for (const { schema } of Object.values(operation.requestBody?.content ?? {})) walk(schema);
  return fields;
}

describe('field labels of validation messages', () => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  beforeAll(async () => {
    ctx = await openTestApp('pglite');
    await ctx.app.ready();
  });
  afterAll(() => ctx.close());

  it('name every field of the alert, alert channel and report requests', () => {
    const doc = ctx.app.swagger() as {
      paths: Record<string, Record<string, Operation>>;
      components?: { schemas?: Record<string, JsonSchema> };
    };
    const routes = Object.entries(doc.paths).filter(([path]) =>
      /^\/api\/v1\/(alert|alerts|alert_rules|report)(\/|$|_)/.test(path),
    );
    expect(routes.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        '/api/v1/alert_rules',
        '/api/v1/alert_rules/test',
        '/api/v1/alerts/channels',
        '/api/v1/report',
        '/api/v1/report/share',
      ]),
    );
    const unlabelled: string[] = [];
    for (const [path, operations] of routes) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const field of requestFields(operation, doc.components?.schemas ?? {})) {
          if (!REQUEST_FIELD_LABELS[field])
            unlabelled.push(`${method.toUpperCase()} ${path} ${field}`);
        }
      }
    }
    expect(unlabelled).toEqual([]);
  });
});
