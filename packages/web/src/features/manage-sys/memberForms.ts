import { memberAction, type MemberAction } from '@yuqing/core';
import { zh, type ZhText } from '../../i18n/translateText';
import { currentT, type Translate } from '../../i18n/useT';
import { checkWithSchema, type IssuePath } from '../../forms/schemaIssues';

/** Names for core's (Chinese) messages; the messages are shown in English where the tables hold them. */
const LABELS: Record<string, ZhText> = {
  username: zh('用户名'),
  nickname: zh('昵称'),
  role: zh('角色'),
  password: zh('密码'),
};

const labelOf = (path: IssuePath) => LABELS[String(path[path.length - 1])] ?? '';

/**
 * Checks a member action with the core schema; problems are keyed by form field. An empty
 * password means "none" (an existing account joins with its own).
 */
export function checkMemberAction(
  action: Record<string, unknown>,
  t: Translate = currentT(),
): { ok: true; data: MemberAction } | { ok: false; errors: { name: string; errors: string[] }[] } {
  const input = { ...action };
  if (input.password === '') delete input.password;
  const checked = checkWithSchema(memberAction, input, labelOf, t);
  if (checked.ok) return checked;
  const byField = new Map<string, string[]>();
  for (const issue of checked.issues) {
    const name = String(issue.path[0] ?? '');
    byField.set(name, [...(byField.get(name) ?? []), issue.message]);
  }
  return { ok: false, errors: [...byField].map(([name, errors]) => ({ name, errors })) };
}
