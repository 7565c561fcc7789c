import fc from 'fast-check';

/** The part of JSON Schema (as the OpenAPI document writes zod schemas) that values follow. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
}

const INT4_MAX = 2 ** 31 - 1;
const DEEP = 2000;

function nested(depth: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level++) value = wrap(value);
  return value;
}

/** Strings the store or a parser may choke on. */
export const hostileString = fc.constantFrom(
  'x\u0000',
  '\u0000',
  'a\ud800b',
  '\udfff',
  'x'.repeat(70_000),
  '__proto__',
  '<img src=x onerror=alert(1)>',
  "'; drop table users; --",
  '%00',
  '\u202e',
  ' ',
  '',
);

/** Numbers beyond columns, dates and safe integers. */
export const hostileNumber = fc.constantFrom(
  INT4_MAX + 1,
  -INT4_MAX - 2,
  2 ** 53 + 2,
  8_640_000_000_000_001,
  1e308,
  -1e308,
  0.5,
  -1,
  0,
);

/** A tree as deep as no recursive schema should follow to the end. */
export const deepTree = nested(DEEP, (inner) => ({
  value: 'v',
  label: 'l',
  title: 't',
  children: [inner],
}));

/** Nesting that recursive validation must not follow to the end. */
export const deepNesting = fc.constantFrom(
  nested(DEEP, (inner) => [inner]),
  nested(DEEP, (inner) => ({ a: inner })),
  deepTree,
);

/**
 * One of each kind of hostile value, for sweeping every field of a request; the deep tree also
 * inside a list, where a list of trees is expected.
 */
export const HOSTILE_SAMPLES: unknown[] = [
  'x\u0000',
  'a\ud800b',
  INT4_MAX + 1,
  deepTree,
  [deepTree],
  null,
];

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: deepNesting },
  {
    weight: 2,
    arbitrary: fc.oneof(fc.constant(null), fc.boolean(), fc.jsonValue({ maxDepth: 2 })),
  },
);

const GENERATED_DEPTH = 6;
const LIST_LENGTH = 3;

/** Mostly values the schema allows, with a hostile value in place of any part now and then. */
export function arbitraryOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: validOf(schema, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Values the schema allows (as far as the document tells). */
export function validOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const valid = typedOf(schema, depth);
  return schema.nullable ? fc.option(valid, { nil: null }) : valid;
}

function typedOf(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  // The document keeps no components, so a recursive schema's $ref leads nowhere: tree-like values.
  if (schema.$ref) return treeOf(depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((option) => validOf(option, depth)));
  if (schema.allOf) {
    return fc
      .tuple(...schema.allOf.map((part) => validOf(part, depth)))
      .map((parts) => Object.assign({}, ...parts.filter((part) => typeof part === 'object')));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -INT4_MAX),
        max: Math.min(schema.maximum ?? 1000, INT4_MAX),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayOf(schema, depth);
    case 'object':
      return objectOf(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  const maxLength = Math.min(schema.maxLength ?? 12, 12);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 200);
    } catch {
      // A pattern fast-check cannot reverse: plain strings, which the schema mostly refuses.
    }
  }
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: 'binary' }),
  );
}

function arrayOf(schema: JsonSchema, depth: number): fc.Arbitrary<unknown[]> {
  const minLength = schema.minItems ?? 0;
  if (depth >= GENERATED_DEPTH || !schema.items) return fc.constant([]);
  const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? LIST_LENGTH, LIST_LENGTH));
  return fc.array(arbitraryOf(schema.items, depth + 1), { minLength, maxLength });
}

function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const fields = fc.record(
    Object.fromEntries(properties.map(([key, part]) => [key, arbitraryOf(part, depth + 1)])),
    { requiredKeys: schema.required ?? [] },
  );
  const extra = schema.additionalProperties;
  if (typeof extra !== 'object' || depth >= GENERATED_DEPTH) return fields;
  const entries = fc.dictionary(
    fc.string({ minLength: 1, maxLength: 8 }),
    arbitraryOf(extra, depth + 1),
    { maxKeys: 2 },
  );
  return fc.tuple(fields, entries).map(([known, more]) => ({ ...more, ...known }));
}

function treeOf(depth: number): fc.Arbitrary<unknown> {
  const node = fc.record({
    value: fc.string({ minLength: 1, maxLength: 8 }),
    label: fc.string({ minLength: 1, maxLength: 8 }),
    title: fc.string({ minLength: 1, maxLength: 8 }),
  });
  if (depth >= GENERATED_DEPTH) return node;
  return fc.tuple(node, fc.array(treeOf(depth + 1), { maxLength: 2 })).map(([item, children]) => ({
    ...item,
    ...(children.length > 0 && { children }),
  }));
}
