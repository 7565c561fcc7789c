import { formMessage, type ValidationIssue } from '@yuqing/core';
import { currentT, type Translate } from '../i18n/useT';

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
    params?: { error?: (issue: ValidationIssue & { path?: IssuePath }) => string | undefined },
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: { path: IssuePath; message: string }[] } };
}

export type Checked<T> = { ok: true; data: T } | { ok: false; issues: FieldIssue[] };

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

/**
 * A schema's own message that leaves out what it is about ('不是有效的颜色', '只能包含字母…'),
 * matched in core's Chinese as written.
 */
const LEAVES_OUT_LABEL = /^(只能|不是|必须)/;

/**
 * Checks `value` against `schema` and answers every issue with its path and a form message in
 * the viewer's language. `labelOf` names a path for the messages (e.g. `items[0].value` -> '值',
 * shown in English where the tables hold it); a schema's own message is translated the same way.
 */
export function checkWithSchema<T>(
  schema: SafeParser<T>,
  value: unknown,
  labelOf: (path: IssuePath) => string,
  t: Translate = currentT(),
): Checked<T> {
  const label = (path: IssuePath) => t.label(labelOf(path));
  const result = schema.safeParse(value, {
    error: (issue) => formMessage(issue, label(issue.path ?? []), t.locale),
  });
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => {
      const own = t.label(issue.message);
      const message = LEAVES_OUT_LABEL.test(issue.message)
        ? t('{label}{message}', { label: label(issue.path), message: own })
        : own;
      return { path: plainPath(issue.path), where: formatPath(issue.path), message };
    }),
  };
}

/** `items[0].value: 请输入值`, or just the message for the value itself. */
export function issueText(issue: FieldIssue): string {
  return issue.where ? `${issue.where}: ${issue.message}` : issue.message;
}
