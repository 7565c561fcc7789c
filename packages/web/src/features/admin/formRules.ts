import type { Rule } from 'antd/es/form';
import type { ZhText } from '../../i18n/translateText';
import { currentT, type Translate } from '../../i18n/useT';
import { checkWithSchema, type SafeParser } from '../../forms/schemaIssues';

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && !value.trim());
}

/**
 * A form rule that judges a field with its core schema, in the spec's words: '请输入{label}'
 * for an empty field, else the schema's own message, in the viewer's language.
 */
export function schemaRule(
  schema: SafeParser<unknown>,
  label: ZhText,
  t: Translate = currentT(),
): Rule {
  return {
    required: true,
    validator: async (_, value: unknown) => {
      if (isBlank(value)) throw new Error(t('请输入{label}', { label: t(label) }));
      const checked = checkWithSchema(schema, value, () => label, t);
      if (checked.ok) return;
      const message = checked.issues[0]?.message;
      if (!message) throw new Error(t('{label}无效', { label: t(label) }));
      throw new Error(message);
    },
  };
}

/** A repeated password: '请输入{label}', then it must equal the `password` field. */
export function confirmRules(label: ZhText, t: Translate = currentT()): Rule[] {
  return [
    { required: true, message: t('请输入{label}', { label: t(label) }) },
    ({ getFieldValue }) => ({
      validator: async (_, value: unknown) => {
        if (value && value !== getFieldValue('password'))
          throw new Error(t('两次输入的密码不一致'));
      },
    }),
  ];
}

/** The reason a change failed, as the API client answered it. */
export function failureText(error: unknown, t: Translate = currentT()): string {
  return error instanceof Error && error.message ? error.message : t('请稍后再试');
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
export function refusalText(error: unknown, t: Translate = currentT()): string {
  return splitFailure(failureText(error, t)).text;
}
