import type { Rule } from 'antd/es/form';
import { checkWithSchema, type SafeParser } from '../data/schemaIssues';

/** Schema messages that leave out what they are about ('只能包含字母…'). */
const NEEDS_LABEL = /^(只能|不是|必须)/;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && !value.trim());
}

/**
 * A form rule that judges a field with its core schema, in the spec's words: '请输入{label}'
 * for an empty field (or `requiredText`, e.g. '请选择模板'), else the schema's own message.
 */
export function schemaRule(
  schema: SafeParser<unknown>,
  label: string,
  requiredText = `请输入${label}`,
): Rule {
  return {
    required: true,
    validator: async (_, value: unknown) => {
      if (isBlank(value)) throw new Error(requiredText);
      const checked = checkWithSchema(schema, value, () => label);
      if (checked.ok) return;
      const message = checked.issues[0]?.message ?? `${label}无效`;
      throw new Error(NEEDS_LABEL.test(message) ? `${label}${message}` : message);
    },
  };
}

/** A repeated password: '请输入{label}', then it must equal the `password` field. */
export function confirmRules(label: string): Rule[] {
  return [
    { required: true, message: `请输入${label}` },
    ({ getFieldValue }) => ({
      validator: async (_, value: unknown) => {
        if (value && value !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
      },
    }),
  ];
}

/** The reason a change failed, as the API client answered it. */
export function failureText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '请稍后再试';
}

/**
 * A refusal split into the field it names and what it says: the server's 400, 404 and 409
 * messages start with the field (`code: 客户编码已存在`).
 */
export function splitFailure(text: string): { field?: string; text: string } {
  const named = /^([A-Za-z_][\w.]*): (.+)$/s.exec(text);
  return named ? { field: named[1], text: named[2]! } : { text };
}

/** What a refused action says, without the field its message starts with. */
export function refusalText(error: unknown): string {
  return splitFailure(failureText(error)).text;
}
