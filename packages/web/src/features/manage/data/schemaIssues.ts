import { translate, type Locale } from '@yuqing/core';

export type IssuePath = readonly PropertyKey[];

/** One problem of a value checked against a schema, with where it is. */
export interface FieldIssue {
  path: (string | number)[];
  /** The path as it reads in JSON: `items[2].children[0].value`; '' for the value itself. */
  where: string;
  message: string;
}

/** What web needs of a core (zod) schema, so the web does not depend on zod itself. */
export interface SafeParser<T> {
  safeParse(
    value: unknown,
    params?: { error?: (issue: RawIssue & { path?: IssuePath }) => string | undefined },
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: { path: IssuePath; message: string }[] } };
}

export type Checked<T> = { ok: true; data: T } | { ok: false; issues: FieldIssue[] };

const TYPE_NAMES: Record<string, string> = {
  string: '文本',
  number: '数字',
  int: '整数',
  boolean: '布尔值',
  array: '列表',
  object: '对象',
};

/** `items[2].children[0].value`. */
export function formatPath(path: IssuePath): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text ? `.${String(key)}` : String(key);
  }
  return text;
}

function plainPath(path: IssuePath): (string | number)[] {
  return path.map((key) => (typeof key === 'number' ? key : String(key)));
}

interface RawIssue {
  code?: string;
  input?: unknown;
  expected?: unknown;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  format?: unknown;
  prefix?: unknown;
}

/**
 * The spec's form messages ('请输入{label}', '{label}不是一个有效的{type}') for zod's issues that
 * carry no message of their own; a schema's own message (e.g. '至少保留一种登录方式') wins.
 */
export function formMessage(issue: RawIssue, label: string, locale: Locale = 'zh_CN'): string {
  const required = () => translate(locale, 'form.required', { label });
  const invalid = (type: string) => translate(locale, 'form.invalid', { label, type });
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return required();
      return invalid(TYPE_NAMES[String(issue.expected)] ?? String(issue.expected));
    case 'too_small':
      if (issue.minimum === 1 || issue.minimum === 1n) return required();
      return issue.origin === 'array'
        ? `${label}至少需要${String(issue.minimum)}项`
        : `${label}至少需要${String(issue.minimum)}个字符`;
    case 'too_big':
      return issue.origin === 'array'
        ? `${label}最多${String(issue.maximum)}项`
        : `${label}不能超过${String(issue.maximum)}个字符`;
    case 'invalid_value':
      return invalid('选项');
    case 'invalid_format':
      if (issue.format === 'starts_with') return `${label}应以「${String(issue.prefix)}」开头`;
      return invalid('格式');
    default:
      return invalid('值');
  }
}

/**
 * Checks `value` against `schema` and answers every issue with its path and a form message.
 * `labelOf` names a path for the messages (e.g. `items[0].value` -> '值').
 */
export function checkWithSchema<T>(
  schema: SafeParser<T>,
  value: unknown,
  labelOf: (path: IssuePath) => string,
  locale: Locale = 'zh_CN',
): Checked<T> {
  const result = schema.safeParse(value, {
    error: (issue) => formMessage(issue, labelOf(issue.path ?? []), locale),
  });
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => {
      // A schema's own message may leave out what it is about ('不是有效的颜色').
      const message = issue.message.startsWith('不是')
        ? `${labelOf(issue.path)}${issue.message}`
        : issue.message;
      return { path: plainPath(issue.path), where: formatPath(issue.path), message };
    }),
  };
}

/** `items[0].value: 请输入值`, or just the message for the value itself. */
export function issueText(issue: FieldIssue): string {
  return issue.where ? `${issue.where}: ${issue.message}` : issue.message;
}
